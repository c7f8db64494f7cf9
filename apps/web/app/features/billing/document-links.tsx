import { useLingui } from "@lingui/react";
import { ExternalLink, FileCode, FileDown } from "lucide-react";

import { listLinkClass } from "~/components/list/link-class";
import { cn } from "~/lib/cn";

import { trackingUrl } from "./tracking";

/** The links of a document row: its PDF (and an invoice's or credit note's XML) and the carrier's tracking page. */

/** The document's PDF; the session cookie authenticates the download. */
export function PdfLink({ href, number }: { href: string; number: string }) {
  const { i18n } = useLingui();
  return (
    <a
      href={href}
      download={`${number}.pdf`}
      aria-label={i18n._("billing.pdf_label", { number })}
      className="inline-flex items-center gap-1 rounded font-semibold text-primary-800 hover:underline dark:text-primary-300"
    >
      <FileDown aria-hidden="true" className="size-4" />
      {i18n._("billing.pdf")}
    </a>
  );
}

/** An invoice's or a credit note's XRechnung (EN 16931 UBL) XML, for buyers whose systems read e-invoices. */
export function XmlLink({
  href,
  number,
  creditNote = false,
}: {
  href: string;
  number: string;
  creditNote?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <a
      href={href}
      download={`${number}.xml`}
      aria-label={i18n._(creditNote ? "billing.credit_note_xml_label" : "billing.xml_label", { number })}
      className="inline-flex items-center gap-1 rounded font-semibold text-primary-800 hover:underline dark:text-primary-300"
    >
      <FileCode aria-hidden="true" className="size-4" />
      {i18n._("billing.xml")}
    </a>
  );
}

/** A tracking number, linked to the carrier's tracking page for the well-known carriers. */
export function TrackingNumber({ carrier, number }: { carrier: string | null; number: string | null }) {
  const { i18n } = useLingui();
  if (!number)
    return <span className="text-neutral-600 dark:text-neutral-400">{i18n._("billing.none")}</span>;
  const url = trackingUrl(carrier, number);
  if (!url) return <span className="font-mono text-xs break-all">{number}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={i18n._("billing.track_label", { number, carrier: carrier ?? "" })}
      className={cn(listLinkClass, "inline-flex items-center gap-1 font-mono text-xs break-all")}
    >
      {number}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
    </a>
  );
}
