import { getFormProps, getInputProps } from "@conform-to/react";
import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { idParamSchema } from "@ems/contracts/companies";
import {
  contractStatusChangeSchema,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  type StaffContract,
} from "@ems/contracts/contracts";
import {
  staffMaterialRequestEndpoints,
  MATERIAL_REQUEST_STATUSES,
  type StaffMaterialRequest,
} from "@ems/contracts/material-requests";

import type { Locale } from "@ems/i18n/locales";
import { PackageCheck } from "lucide-react";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";

import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { IntentField } from "~/components/ui/form-field";
import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { listHref, sortChange, sortHidden, type ListSpec, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import type { StaffListProps as ListProps } from "./staff-views";
import { STAFF_CONTRACTS, STAFF_MATERIAL } from "./list-specs";
import type { CompanyOption } from "./quotes-list";
import {
  CompanyFilter,
  FilterForm,
  FilterSearch,
  FilterSelect,
  linkClass,
  mutedClass,
  StaffProblem,
} from "./staff-ui";
import { ActionsHeader, DocumentCell, RowAction, ShipmentCell } from "./staff-cells";

const MATERIAL_TONES: Record<string, BadgeTone> = {
  announced: "info",
  received: "success",
  cancelled: "neutral",
};
const CONTRACT_TONES: Record<string, BadgeTone> = { requested: "info", active: "success", ended: "neutral" };

function Filters({
  label,
  statuses,
  statusLabel,
  companies,
  state,
  spec,
  searchLabel,
  view,
  extra,
}: {
  label: string;
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  companies: CompanyOption[];
  state: ListState;
  spec: ListSpec;
  searchLabel: string;
  view?: string;
  extra?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <FilterForm label={label} hidden={{ view, ...sortHidden(state, spec) }}>
      <FilterSelect
        name="status"
        label={i18n._("staff.col_status")}
        value={state.filters.status}
        allLabel={i18n._("staff.all_statuses")}
        options={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
      />
      <CompanyFilter companies={companies} state={state} />
      {extra}
      <FilterSearch label={searchLabel} value={state.q} maxLength={80} />
    </FilterForm>
  );
}

const materialColumn = createColumnHelper<StaffMaterialRequest>();

function useMaterialColumns(locale: Locale, onReceive: (request: StaffMaterialRequest) => void) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      materialColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: mr } }) => (
          <DocumentCell number={mr.number} company={mr.company_name}>
            {mr.order_id && mr.order_number ? (
              <Link
                to={href("staff-order", locale, { order: mr.order_id })}
                className={`block text-sm ${linkClass}`}
              >
                {mr.order_number}
              </Link>
            ) : null}
          </DocumentCell>
        ),
      }),
      materialColumn.display({
        id: "status",
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: mr } }) => (
          <>
            <Badge tone={MATERIAL_TONES[mr.status] ?? "neutral"}>
              {i18n._("staff.material_status", { status: mr.status })}
            </Badge>
            {mr.received_at ? (
              <span className={`block ${mutedClass}`}>
                {i18n._("staff.received_on", { date: formatDate(mr.received_at, locale) })}
              </span>
            ) : null}
          </>
        ),
      }),
      materialColumn.accessor("expected_on", {
        header: () => i18n._("staff.col_expected"),
        cell: ({ row: { original: mr } }) => (
          <span className="whitespace-nowrap">{formatDate(mr.expected_on, locale)}</span>
        ),
      }),
      materialColumn.display({
        id: "parts",
        header: () => i18n._("staff.col_parts"),
        cell: ({ row: { original: mr } }) => (
          <>
            <ul>
              {mr.lines.map((l, i) => (
                <li key={i} className="break-words">
                  {i18n._("staff.material_line", {
                    quantity: formatNumber(l.quantity, locale),
                    mpn: l.mpn,
                    packaging: l.packaging,
                  })}
                </li>
              ))}
            </ul>
            {mr.notes ? <p className={`mt-1 ${mutedClass} break-words`}>{mr.notes}</p> : null}
          </>
        ),
      }),
      materialColumn.display({
        id: "carrier",
        header: () => i18n._("staff.carrier"),
        cell: ({ row: { original: mr } }) => (
          <ShipmentCell carrier={mr.carrier ?? i18n._("staff.none")} tracking={mr.tracking_number} />
        ),
      }),
      materialColumn.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row: { original: mr } }) =>
          mr.status === "announced" ? (
            <RowAction
              label={i18n._("staff.mark_received_for", { number: mr.number })}
              onClick={() => onReceive(mr)}
            >
              <PackageCheck aria-hidden="true" className="size-4" />
              {i18n._("staff.mark_received")}
            </RowAction>
          ) : null,
      }),
    ],
    [i18n, locale, onReceive],
  );
}

/** Announced customer material, checked in with "Mark received" (POST …/receive). */
export function MaterialList(props: ListProps<StaffMaterialRequest>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const [receiving, setReceiving] = useState<StaffMaterialRequest | null>(null);
  const columns = useMaterialColumns(locale, setReceiving);

  return (
    <div className="space-y-4">
      <Filters
        label={i18n._("staff.material_filter")}
        statuses={MATERIAL_REQUEST_STATUSES}
        statusLabel={(s) => i18n._("staff.material_status", { status: s })}
        companies={companies}
        state={state}
        spec={STAFF_MATERIAL}
        searchLabel={i18n._("staff.search_material")}
      />
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.material_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.material_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_MATERIAL, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.material_table")}
            sortable={["number", "expected_on"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_MATERIAL, sortChange(state, STAFF_MATERIAL, key))
            }
            rowId={(mr) => mr.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
      {receiving ? <ReceiveDialog request={receiving} onClose={() => setReceiving(null)} /> : null}
    </div>
  );
}

/** Checks an announced delivery in (POST …/receive): the material request's id is all it posts. */
function ReceiveDialog({ request, onClose }: { request: StaffMaterialRequest; onClose: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: staffMaterialRequestEndpoints.receive.params,
    defaultValue: { id: request.id },
    success: i18n._("staff.material_received", { number: request.number }),
    onDone: onClose,
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.mark_received_title", { number: request.number })}
      description={i18n._("staff.mark_received_text", { company: request.company_name })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="receive-material" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.id.errors} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.mark_received")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

const contractColumn = createColumnHelper<StaffContract>();

/** A contract and the status the chosen button moves it to. */
interface ContractChange {
  contract: StaffContract;
  status: "active" | "ended";
}

function useContractColumns(locale: Locale, onChange: (change: ContractChange) => void) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      contractColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: c } }) => <DocumentCell number={c.number} company={c.company_name} />,
      }),
      contractColumn.accessor("title", {
        header: () => i18n._("staff.col_title"),
        cell: ({ row: { original: c } }) => (
          <>
            <span className="block break-words">{c.title}</span>
            <span className={`block ${mutedClass}`}>{i18n._("staff.contract_kind", { kind: c.kind })}</span>
          </>
        ),
      }),
      contractColumn.display({
        id: "status",
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: c } }) => (
          <Badge tone={CONTRACT_TONES[c.status] ?? "neutral"}>
            {i18n._("staff.contract_status", { status: c.status })}
          </Badge>
        ),
      }),
      contractColumn.accessor("starts_on", {
        header: () => i18n._("staff.col_term"),
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap">
            {c.ends_on
              ? i18n._("staff.term_range", {
                  from: formatDate(c.starts_on, locale),
                  to: formatDate(c.ends_on, locale),
                })
              : i18n._("staff.term_open", { from: formatDate(c.starts_on, locale) })}
          </span>
        ),
      }),
      contractColumn.display({
        id: "volume",
        header: () => i18n._("staff.col_volume"),
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {c.annual_volume_minor === null
              ? i18n._("staff.none")
              : formatMoney(c.annual_volume_minor, c.currency, locale)}
          </span>
        ),
      }),
      contractColumn.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row: { original: c } }) => {
          const next = CONTRACT_TRANSITIONS[c.status];
          return (
            <div className="flex flex-wrap gap-2">
              {next.includes("active") ? (
                <RowAction
                  primary
                  label={i18n._("staff.activate_contract", { number: c.number })}
                  onClick={() => onChange({ contract: c, status: "active" })}
                >
                  {i18n._("staff.activate")}
                </RowAction>
              ) : null}
              {next.includes("ended") ? (
                <RowAction
                  label={i18n._("staff.end_contract", { number: c.number })}
                  onClick={() => onChange({ contract: c, status: "ended" })}
                >
                  {i18n._("staff.end")}
                </RowAction>
              ) : null}
            </div>
          );
        },
      }),
    ],
    [i18n, locale, onChange],
  );
}

/** Every customer's contracts, activated or ended here (PUT …/status). */
export function ContractsList(props: ListProps<StaffContract>) {
  const { items, total, page, pageSize, companies, pathname, state, locale } = props;
  const { i18n } = useLingui();
  const [change, setChange] = useState<ContractChange | null>(null);
  const columns = useContractColumns(locale, setChange);

  return (
    <div className="space-y-4">
      <Filters
        label={i18n._("staff.contracts_filter")}
        statuses={CONTRACT_STATUSES}
        statusLabel={(s) => i18n._("staff.contract_status", { status: s })}
        companies={companies}
        state={state}
        spec={STAFF_CONTRACTS}
        searchLabel={i18n._("staff.search_contracts")}
        view="contracts"
        extra={
          <FilterSelect
            name="kind"
            label={i18n._("staff.col_kind")}
            value={state.filters.kind}
            allLabel={i18n._("staff.all_kinds")}
            options={CONTRACT_KINDS.map((k) => ({
              value: k,
              label: i18n._("staff.contract_kind", { kind: k }),
            }))}
          />
        }
      />
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.contracts_count", { count: total })}
        empty={<EmptyList>{i18n._("staff.contracts_empty")}</EmptyList>}
        pageHref={(p) => listHref(pathname, state, STAFF_CONTRACTS, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.contracts_table")}
            sortable={["number", "title", "starts_on"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_CONTRACTS, sortChange(state, STAFF_CONTRACTS, key))
            }
            rowId={(c) => c.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
      {change ? <ContractStatusDialog change={change} onClose={() => setChange(null)} /> : null}
    </div>
  );
}

/** What the contract dialog posts: the API's body (PUT …/status) and the contract's id. */
export const contractStatusForm = contractStatusChangeSchema.extend(idParamSchema.shape);

/** Confirms activating or ending a contract. */
function ContractStatusDialog({ change, onClose }: { change: ContractChange; onClose: () => void }) {
  const { i18n } = useLingui();
  const { contract, status } = change;
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: contractStatusForm,
    defaultValue: { id: contract.id, status },
    success: i18n._("staff.contract_changed", { number: contract.number, status }),
    onDone: onClose,
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.contract_confirm_title", { status, number: contract.number })}
      description={i18n._("staff.contract_confirm_text", { status, company: contract.company_name })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="change-contract-status" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <input {...getInputProps(fields.status, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.id.errors ?? fields.status.errors} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" variant={status === "ended" ? "destructive" : "primary"} loading={busy}>
            {i18n._(status === "ended" ? "staff.end" : "staff.activate")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
