import { z } from "zod";
import { PCB_GERBER_FILES_PATH } from "./public-paths.ts";
import { companyMembersWith, defineEndpoints, ZIP_DOWNLOAD } from "./endpoints.ts";

/**
 * PCB specifications. Only the download the CAM viewer (/my/cam/{pcb}) opens is declared so far;
 * storing specifications and their Gerber files is issue 17, which serves this route.
 */

export const pcbParamSchema = z.strictObject({ pcb: z.string().min(1).max(100) });

export const pcbEndpoints = defineEndpoints("pcbs", {
  gerberFiles: {
    method: "GET",
    path: PCB_GERBER_FILES_PATH,
    summary: "The Gerber files stored with a PCB specification, as a zip",
    access: companyMembersWith("company.read"),
    params: pcbParamSchema,
    response: ZIP_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});
