import { useLingui } from "@lingui/react";
import type { BodyIn } from "@ems/contracts/endpoints";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import type { CompanyUser } from "@ems/contracts/companies";
import { COMPANY_ROLES, type CompanyRole } from "@ems/contracts/roles";
import type { Locale } from "@ems/i18n/locales";
import { useMemo, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { Badge } from "~/components/ui/badge";
import { Dialog } from "~/components/ui/dialog";
import { CompanySection, RoleNote } from "./company-sections";
import { useCompanyAction } from "./use-company-action";
import { useDateTime } from "~/lib/use-date-time";
import { call } from "~/lib/api-client";
import { companyEndpoints } from "@ems/contracts/companies";

const STATUS_TONE = { invited: "warning", accepted: "primary", disabled: "error" } as const;

function InviteForm({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const { i18n } = useLingui();
  const [form, setForm] = useState({
    email: "",
    first_name: "",
    last_name: "",
    role: "buyer",
    language: locale as string,
  });
  const { run, pending, fieldErrors } = useCompanyAction();
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const done = await run(
      () =>
        call(browserApi(), companyEndpoints.inviteUser, {
          // The selects offer only the schema's values; the API checks them again.
          body: form as BodyIn<typeof companyEndpoints.inviteUser>,
        }),
      i18n._("my_companies.invited", { email: form.email }),
    );
    if (done) onDone();
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <NameFields
        labels={{ first: i18n._("my_companies.first_name"), last: i18n._("my_companies.last_name") }}
        values={{ first: form.first_name, last: form.last_name }}
        onChange={(part, value) => set(part === "first" ? "first_name" : "last_name")(value)}
        errors={{ first: fieldErrors.first_name, last: fieldErrors.last_name }}
        autoComplete="off"
      />
      <FormField label={i18n._("my_companies.email")} error={fieldErrors.email} className="sm:col-span-2">
        {(f) => (
          <Input
            {...f}
            type="email"
            value={form.email}
            onChange={(e) => set("email")(e.target.value)}
            required
            maxLength={254}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label={i18n._("my_companies.col_role")}
        description={i18n._(`roles.${form.role}_hint`)}
        error={fieldErrors.role}
      >
        {(f) => (
          <select
            {...f}
            value={form.role}
            onChange={(e) => set("role")(e.target.value)}
            className={inputClassName}
          >
            {COMPANY_ROLES.map((role) => (
              <option key={role} value={role}>
                {i18n._(`roles.${role}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <LanguageField
        label={i18n._("my_companies.language")}
        value={form.language}
        onChange={set("language")}
        error={fieldErrors.language}
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={pending}>
          {i18n._("my_companies.invite_send")}
        </Button>
      </div>
    </form>
  );
}

export function UsersSection({
  users,
  canManage,
  locale,
}: {
  users: CompanyUser[];
  canManage: boolean;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const [inviting, setInviting] = useState(false);
  const { run, pending } = useCompanyAction();
  const dateTime = useDateTime();

  const columns = useMemo(() => {
    const column = createColumnHelper<CompanyUser>();
    const changeRole = (user: CompanyUser, role: CompanyRole) =>
      run(
        () =>
          call(browserApi(), companyEndpoints.changeUserRole, { params: { id: user.id }, body: { role } }),
        i18n._("my_companies.role_changed", { name: user.full_name, role: i18n._(`roles.${role}`) }),
      );
    const act = (user: CompanyUser, action: "disable" | "enable" | "resend-invitation") => {
      const message =
        action === "disable"
          ? i18n._("my_companies.disabled_done", { name: user.full_name })
          : action === "enable"
            ? i18n._("my_companies.enabled_done", { name: user.full_name })
            : i18n._("my_companies.resent");
      const endpoint = action === "disable" ? companyEndpoints.disableUser : companyEndpoints.enableUser;
      return run(() => call(browserApi(), endpoint, { params: { id: user.id } }), message);
    };
    return [
      column.accessor("full_name", {
        header: () => i18n._("my_companies.col_name"),
        cell: (info) => (
          <span className="font-medium break-words">
            {info.getValue()}
            {info.row.original.is_self ? (
              <span className="font-normal text-neutral-600 dark:text-neutral-400">
                {" "}
                {i18n._("my_companies.you")}
              </span>
            ) : null}
          </span>
        ),
      }),
      column.accessor("email", {
        header: () => i18n._("my_companies.col_email"),
        cell: (info) => <span className="break-all">{info.getValue()}</span>,
      }),
      column.accessor("role", {
        header: () => i18n._("my_companies.col_role"),
        cell: (info) => {
          const user = info.row.original;
          if (!canManage) return i18n._(`roles.${user.role}`);
          return (
            <select
              aria-label={i18n._("my_companies.role_of", { name: user.full_name })}
              value={user.role}
              disabled={pending}
              onChange={(e) => void changeRole(user, e.target.value as CompanyRole)}
              className={`${inputClassName} h-9 w-auto min-w-44 py-1 pr-8`}
            >
              {COMPANY_ROLES.map((role) => (
                <option key={role} value={role}>
                  {i18n._(`roles.${role}`)}
                </option>
              ))}
            </select>
          );
        },
      }),
      column.accessor("status", {
        header: () => i18n._("my_companies.col_status"),
        cell: (info) => (
          <Badge tone={STATUS_TONE[info.getValue()]}>
            {i18n._("my_companies.status", { status: info.getValue() })}
          </Badge>
        ),
      }),
      column.accessor("last_sign_in_at", {
        header: () => i18n._("my_companies.col_last_sign_in"),
        cell: (info) => {
          const value = info.getValue();
          return value ? <time dateTime={value}>{dateTime(value)}</time> : i18n._("my_companies.never");
        },
      }),
      ...(canManage
        ? [
            column.display({
              id: "actions",
              header: () => i18n._("my_companies.col_actions"),
              cell: (info) => {
                const user = info.row.original;
                return (
                  <div className="flex flex-wrap gap-2">
                    {user.status === "invited" ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={pending}
                        onClick={() => void act(user, "resend-invitation")}
                      >
                        {i18n._("my_companies.resend")}
                      </Button>
                    ) : null}
                    {user.status === "disabled" ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={pending}
                        onClick={() => void act(user, "enable")}
                      >
                        {i18n._("my_companies.enable")}
                      </Button>
                    ) : user.is_self ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={pending}
                        onClick={() => void act(user, "disable")}
                      >
                        {i18n._("my_companies.disable")}
                      </Button>
                    )}
                  </div>
                );
              },
            }),
          ]
        : []),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, canManage, pending, dateTime]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({ data: users, columns, getCoreRowModel: getCoreRowModel() });

  return (
    <CompanySection
      id="users"
      title={i18n._("my_companies.users_title")}
      description={i18n._("my_companies.users_intro")}
      action={
        canManage ? (
          <Button onClick={() => setInviting(true)}>{i18n._("my_companies.invite")}</Button>
        ) : undefined
      }
    >
      {!canManage ? (
        <div className="mb-4">
          <RoleNote>{i18n._("my_companies.admin_only")}</RoleNote>
        </div>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800">
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">{i18n._("my_companies.users_title")}</caption>
          <thead className="bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-4 py-3 font-semibold">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="bg-white dark:bg-neutral-950">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        open={inviting}
        onOpenChange={setInviting}
        title={i18n._("my_companies.invite")}
        description={i18n._("my_companies.invite_intro")}
        closeLabel={i18n._("my_companies.close")}
      >
        <InviteForm locale={locale} onDone={() => setInviting(false)} />
      </Dialog>
    </CompanySection>
  );
}
