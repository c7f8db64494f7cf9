import { rolesWith } from "@ems/contracts/permissions";
import type { Executor } from "@ems/db/factories";
import { publicLink } from "../../lib/public-url.ts";
import { companyRecipients } from "../documents/documents-service.ts";
import { documentTexts } from "../documents/document-texts.ts";
import type { Mailer } from "../mail/mail-service.ts";

/** A file the operator's staff put into a company's file share. */
export interface SharedFileNotice {
  companyId: string;
  /** The staff member's name as the mail shows it. */
  operator: string;
  fileName: string;
  folder: { id: string; name: string } | null;
}

/**
 * Writes the `file_shared` mail, in each recipient's language, to the company's people who handle
 * orders and engineering (those who may upload: administrators, buyers, engineers), through the
 * transaction that records the file, so the file and its mails commit together. The caller calls
 * mailer.deliverSoon() after the commit.
 */
export async function writeSharedFileMails(
  tx: Executor,
  mailer: Mailer,
  publicUrl: string,
  notice: SharedFileNotice,
): Promise<number> {
  const recipients = await companyRecipients(tx, notice.companyId, rolesWith("quotes.request"));
  for (const recipient of recipients) {
    const locale = documentTexts(recipient.language).locale;
    await mailer.write(tx, {
      to: recipient.email,
      language: locale,
      template: "file_shared",
      values: {
        name: recipient.firstName,
        operator: notice.operator,
        file: notice.fileName,
        place: notice.folder ? "folder" : "top",
        folder: notice.folder?.name ?? "",
        url: publicLink(
          publicUrl,
          { page: "my-file-share", ...(notice.folder ? { query: { folder: notice.folder.id } } : {}) },
          locale,
        ),
      },
    });
  }
  return recipients.length;
}
