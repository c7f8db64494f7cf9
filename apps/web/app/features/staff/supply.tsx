import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import {
  staffContractEndpoints,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  CONTRACT_TRANSITIONS,
  type StaffContract,
} from "@ems/contracts/agreements";
import {
  staffMaterialRequestEndpoints,
  MATERIAL_REQUEST_STATUSES,
  type StaffMaterialRequest,
} from "@ems/contracts/material-requests";

import type { Locale } from "@ems/i18n/locales";
import { PackageCheck } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";

import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { EmptyList, ListCount } from "~/components/list/list-states";
import { Pagination } from "~/components/list/pagination";
import { inputClassName } from "~/components/ui/input";
import { listHref, pageCount, sortHidden, type ListSpec, type ListState } from "~/lib/list-query";
import { browserApi } from "~/lib/browser-api";
import { href } from "~/lib/route-map";

import { STAFF_CONTRACTS, STAFF_MATERIAL } from "./list-specs";
import type { CompanyOption } from "./quotes-list";
import {
  FilterField,
  FilterForm,
  linkClass,
  mutedClass,
  SortHeader,
  TableRegion,
  tbodyClass,
  tdClass,
  theadClass,
  thClass,
  trClass,
} from "./staff-ui";
import { useStaffAction } from "./use-staff-action";
import { call } from "~/lib/api-client";

interface ListProps<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  companies: CompanyOption[];
  pathname: string;
  state: ListState;
  locale: Locale;
}

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
      <FilterField label={i18n._("staff.col_status")}>
        <select name="status" defaultValue={state.filters.status ?? ""} className={inputClassName}>
          <option value="">{i18n._("staff.all_statuses")}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField label={i18n._("staff.col_company")}>
        <select name="company_id" defaultValue={state.filters.company_id ?? ""} className={inputClassName}>
          <option value="">{i18n._("staff.all_companies")}</option>
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </FilterField>
      {extra}
      <FilterField label={searchLabel}>
        <input name="q" type="search" defaultValue={state.q} maxLength={80} className={inputClassName} />
      </FilterField>
    </FilterForm>
  );
}

/** Announced customer material, checked in with "Mark received" (POST …/receive). */
export function MaterialList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: ListProps<StaffMaterialRequest>) {
  const { i18n } = useLingui();
  const [receiving, setReceiving] = useState<StaffMaterialRequest | null>(null);
  const { run, pending } = useStaffAction();
  const sortProps = { state, spec: STAFF_MATERIAL, pathname };

  async function receive() {
    if (!receiving) return;
    const done = await run(
      () => call(browserApi(), staffMaterialRequestEndpoints.receive, { params: { id: receiving.id } }),
      i18n._("staff.material_received", { number: receiving.number }),
    );
    if (done) setReceiving(null);
  }

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
      <ListCount>{i18n._("staff.material_count", { count: total })}</ListCount>
      {items.length === 0 ? (
        <EmptyList>{i18n._("staff.material_empty")}</EmptyList>
      ) : (
        <TableRegion label={i18n._("staff.material_table")} minWidth="min-w-[760px]">
          <thead className={theadClass}>
            <tr>
              <SortHeader label={i18n._("staff.col_number")} field="number" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_status")}
              </th>
              <SortHeader label={i18n._("staff.col_expected")} field="expected_on" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_parts")}
              </th>
              <th scope="col" className={thClass}>
                {i18n._("staff.carrier")}
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">{i18n._("staff.col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {items.map((mr) => (
              <tr key={mr.id} className={trClass}>
                <th scope="row" className={`${tdClass} font-normal`}>
                  <span className="block font-semibold whitespace-nowrap">{mr.number}</span>
                  <span className={`block ${mutedClass}`}>{mr.company_name}</span>
                  {mr.order_id && mr.order_number ? (
                    <Link
                      to={href("staff-order", locale, { order: mr.order_id })}
                      className={`block text-sm ${linkClass}`}
                    >
                      {mr.order_number}
                    </Link>
                  ) : null}
                </th>
                <td className={tdClass}>
                  <Badge tone={MATERIAL_TONES[mr.status] ?? "neutral"}>
                    {i18n._("staff.material_status", { status: mr.status })}
                  </Badge>
                  {mr.received_at ? (
                    <span className={`block ${mutedClass}`}>
                      {i18n._("staff.received_on", { date: formatDate(mr.received_at, locale) })}
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDate(mr.expected_on, locale)}</td>
                <td className={tdClass}>
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
                </td>
                <td className={tdClass}>
                  {mr.carrier ?? i18n._("staff.none")}
                  {mr.tracking_number ? (
                    <span className={`block font-mono text-xs ${mutedClass}`}>{mr.tracking_number}</span>
                  ) : null}
                </td>
                <td className={tdClass}>
                  {mr.status === "announced" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setReceiving(mr)}
                      aria-label={i18n._("staff.mark_received_for", { number: mr.number })}
                    >
                      <PackageCheck aria-hidden="true" className="size-4" />
                      {i18n._("staff.mark_received")}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, pageSize)}
        href={(p) => listHref(pathname, state, STAFF_MATERIAL, { page: p })}
      />
      <Dialog
        open={receiving !== null}
        onOpenChange={(open) => !open && setReceiving(null)}
        title={i18n._("staff.mark_received_title", { number: receiving?.number ?? "" })}
        description={i18n._("staff.mark_received_text", { company: receiving?.company_name ?? "" })}
        closeLabel={i18n._("staff.close")}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setReceiving(null)}>
            {i18n._("staff.cancel")}
          </Button>
          <Button loading={pending} onClick={() => void receive()}>
            {i18n._("staff.mark_received")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Every customer's contracts, activated or ended here (PUT …/status). */
export function ContractsList({
  items,
  total,
  page,
  pageSize,
  companies,
  pathname,
  state,
  locale,
}: ListProps<StaffContract>) {
  const { i18n } = useLingui();
  const [change, setChange] = useState<{ contract: StaffContract; status: "active" | "ended" } | null>(null);
  const { run, pending } = useStaffAction();
  const sortProps = { state, spec: STAFF_CONTRACTS, pathname };

  async function confirm() {
    if (!change) return;
    const done = await run(
      () =>
        call(browserApi(), staffContractEndpoints.changeStatus, {
          params: { id: change.contract.id },
          body: { status: change.status },
        }),
      i18n._("staff.contract_changed", { number: change.contract.number, status: change.status }),
    );
    if (done) setChange(null);
  }

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
          <FilterField label={i18n._("staff.col_kind")}>
            <select name="kind" defaultValue={state.filters.kind ?? ""} className={inputClassName}>
              <option value="">{i18n._("staff.all_kinds")}</option>
              {CONTRACT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {i18n._("staff.contract_kind", { kind: k })}
                </option>
              ))}
            </select>
          </FilterField>
        }
      />
      <ListCount>{i18n._("staff.contracts_count", { count: total })}</ListCount>
      {items.length === 0 ? (
        <EmptyList>{i18n._("staff.contracts_empty")}</EmptyList>
      ) : (
        <TableRegion label={i18n._("staff.contracts_table")} minWidth="min-w-[760px]">
          <thead className={theadClass}>
            <tr>
              <SortHeader label={i18n._("staff.col_number")} field="number" {...sortProps} />
              <SortHeader label={i18n._("staff.col_title")} field="title" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_status")}
              </th>
              <SortHeader label={i18n._("staff.col_term")} field="starts_on" {...sortProps} />
              <th scope="col" className={thClass}>
                {i18n._("staff.col_volume")}
              </th>
              <th scope="col" className={thClass}>
                <span className="sr-only">{i18n._("staff.col_actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {items.map((c) => {
              const next = CONTRACT_TRANSITIONS[c.status];
              return (
                <tr key={c.id} className={trClass}>
                  <th scope="row" className={`${tdClass} font-normal`}>
                    <span className="block font-semibold whitespace-nowrap">{c.number}</span>
                    <span className={`block ${mutedClass}`}>{c.company_name}</span>
                  </th>
                  <td className={tdClass}>
                    <span className="block break-words">{c.title}</span>
                    <span className={`block ${mutedClass}`}>
                      {i18n._("staff.contract_kind", { kind: c.kind })}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <Badge tone={CONTRACT_TONES[c.status] ?? "neutral"}>
                      {i18n._("staff.contract_status", { status: c.status })}
                    </Badge>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {c.ends_on
                      ? i18n._("staff.term_range", {
                          from: formatDate(c.starts_on, locale),
                          to: formatDate(c.ends_on, locale),
                        })
                      : i18n._("staff.term_open", { from: formatDate(c.starts_on, locale) })}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                    {c.annual_volume_minor === null
                      ? i18n._("staff.none")
                      : formatMoney(c.annual_volume_minor, c.currency, locale)}
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap gap-2">
                      {next.includes("active") ? (
                        <Button
                          size="sm"
                          onClick={() => setChange({ contract: c, status: "active" })}
                          aria-label={i18n._("staff.activate_contract", { number: c.number })}
                        >
                          {i18n._("staff.activate")}
                        </Button>
                      ) : null}
                      {next.includes("ended") ? (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setChange({ contract: c, status: "ended" })}
                          aria-label={i18n._("staff.end_contract", { number: c.number })}
                        >
                          {i18n._("staff.end")}
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableRegion>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, pageSize)}
        href={(p) => listHref(pathname, state, STAFF_CONTRACTS, { page: p })}
      />
      <Dialog
        open={change !== null}
        onOpenChange={(open) => !open && setChange(null)}
        title={i18n._("staff.contract_confirm_title", {
          status: change?.status ?? "",
          number: change?.contract.number ?? "",
        })}
        description={i18n._("staff.contract_confirm_text", {
          status: change?.status ?? "",
          company: change?.contract.company_name ?? "",
        })}
        closeLabel={i18n._("staff.close")}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setChange(null)}>
            {i18n._("staff.cancel")}
          </Button>
          <Button
            variant={change?.status === "ended" ? "destructive" : "primary"}
            loading={pending}
            onClick={() => void confirm()}
          >
            {i18n._(change?.status === "ended" ? "staff.end" : "staff.activate")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
