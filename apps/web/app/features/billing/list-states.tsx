import { useLingui } from "@lingui/react";

import { Alert } from "~/components/ui/alert";

/** What a list shows instead of rows when the role may not read it or the query was rejected. */
export function ListProblem({ forbidden, invalid }: { forbidden: boolean; invalid: boolean }) {
  const { i18n } = useLingui();
  if (forbidden)
    return (
      <Alert variant="info" title={i18n._("billing.forbidden_title")}>
        {i18n._("billing.forbidden")}
      </Alert>
    );
  if (invalid) return <Alert variant="error">{i18n._("billing.list.invalid")}</Alert>;
  return null;
}
