import { useLingui } from "@lingui/react";
import type { TaxTreatment } from "@ems/contracts/tax";

/**
 * Why a document charges the VAT it does, under its totals: nothing for a domestic sale; the reverse
 * charge, the export exemption or home VAT for an EU company without a VAT ID otherwise, with the
 * VAT ID the document was made for.
 */
export function TaxTreatmentNote({
  treatment,
  customerVatId,
}: {
  treatment: TaxTreatment;
  customerVatId: string | null;
}) {
  const { i18n } = useLingui();
  if (treatment === "domestic") return null;
  return (
    <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="tax-treatment">
      <span className="font-semibold">{i18n._(`tax.treatment.${treatment}`)}</span>
      {": "}
      {i18n._(`tax.note.${treatment}`)}
      {customerVatId ? ` ${i18n._("tax.customer_vat_id", { vat_id: customerVatId })}` : null}
    </p>
  );
}
