import { z } from "zod";
import { companyMembersWith, defineEndpoints, ZIP_DOWNLOAD } from "./endpoints.ts";

/**
 * PCB specifications. Only the download the CAM viewer (/my/cam/{pcb}) opens is declared so far;
 * storing specifications and their Gerber files is issue 17, which serves this route.
 */

export const pcbParamSchema = z.strictObject({ pcb: z.string().min(1).max(100) });

export const pcbEndpoints = defineEndpoints("pcbs", {
  gerberFiles: {
    method: "GET",
    path: "/api/pcbs/:pcb/gerber-files",
    summary: "The Gerber files stored with a PCB specification, as a zip",
    access: companyMembersWith("company.read"),
    params: pcbParamSchema,
    response: ZIP_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});
