import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

import { Button } from "~/components/ui/button";

import { linkClass, mutedClass } from "./staff-ui";

/** A document's first cell in a back-office list: its number, whose it is, and what belongs to it. */
export function DocumentCell({
  number,
  company,
  pdfHref,
  xmlHref,
  creditNote = false,
  children,
}: {
  number: string;
  company: string;
  /** Its PDF, where the document has one. */
  pdfHref?: string;
  /** Its e-invoice XML, for an invoice or a credit note. */
  xmlHref?: string;
  /** The document is a credit note: its XML link says so. */
  creditNote?: boolean;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <>
      <span className="block font-semibold whitespace-nowrap">{number}</span>
      <span className={`block ${mutedClass}`}>{company}</span>
      {pdfHref || xmlHref ? (
        // Side by side and 24 px tall, so each download is a target of its own (WCAG 2.5.8).
        <span className="flex flex-wrap gap-x-4">
          {pdfHref ? (
            <a
              href={pdfHref}
              className={`${linkClass} inline-flex min-h-6 items-center text-sm`}
              aria-label={i18n._("billing.pdf_label", { number })}
            >
              {i18n._("billing.pdf")}
            </a>
          ) : null}
          {xmlHref ? (
            <a
              href={xmlHref}
              download={`${number}.xml`}
              className={`${linkClass} inline-flex min-h-6 items-center text-sm`}
              aria-label={i18n._(creditNote ? "billing.credit_note_xml_label" : "billing.xml_label", {
                number,
              })}
            >
              {i18n._("billing.xml")}
            </a>
          ) : null}
        </span>
      ) : null}
      {children}
    </>
  );
}

/** Who carries a shipment and its tracking number. */
export function ShipmentCell({ carrier, tracking }: { carrier: string; tracking: string | null }) {
  return (
    <>
      {carrier}
      {tracking ? <span className={`block font-mono text-xs ${mutedClass}`}>{tracking}</span> : null}
    </>
  );
}

/** The header of a row's actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  const { i18n } = useLingui();
  return <span className="sr-only">{i18n._("staff.col_actions")}</span>;
}

/** One action on a row; its name says which document it acts on. */
export function RowAction({
  label,
  onClick,
  primary = false,
  children,
}: {
  label: string;
  onClick: () => void;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={primary ? "primary" : "outline"} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}
