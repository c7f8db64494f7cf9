import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { idParamSchema, inviteUserSchema, userRoleSchema, type CompanyUser } from "@ems/contracts/companies";
import type { Envelope } from "@ems/contracts/errors";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useId, useMemo, useState, type ReactNode } from "react";

import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { LanguageField, NameFields } from "~/components/ui/person-fields";
import { showToast } from "~/lib/toast";
import { useDateTime } from "~/lib/use-date-time";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { CompanyProblem, CompanySection, RoleNote, useCompanyErrorText } from "./company-sections";

/** A user's new role: the user in the route's params, the role in the body. */
export const userRoleForm = idParamSchema.extend(userRoleSchema.shape);

const STATUS_TONE = { invited: "warning", accepted: "primary", disabled: "error" } as const;

function InviteForm({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const { i18n } = useLingui();
  const errorText = useCompanyErrorText();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof inviteUserSchema,
    Envelope<CompanyUser>
  >({
    schema: inviteUserSchema,
    defaultValue: { role: "buyer", language: locale },
    onDone: (answer) => {
      showToast({
        title: i18n._("my_companies.invited", { email: answer?.data.email ?? "" }),
        color: "success",
      });
      onDone();
    },
  });

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent="inviteUser" />
      <CompanyProblem codes={formErrors} className="sm:col-span-2" />
      <NameFields
        labels={{ first: i18n._("my_companies.first_name"), last: i18n._("my_companies.last_name") }}
        first={{ field: fields.first_name }}
        last={{ field: fields.last_name }}
        errors={{
          first: errorText.field(fields.first_name.errors),
          last: errorText.field(fields.last_name.errors),
        }}
        autoComplete="off"
      />
      <FormField
        label={i18n._("my_companies.email")}
        error={errorText.field(fields.email.errors)}
        className="sm:col-span-2"
      >
        {(f) => (
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            {...f}
            required
            maxLength={254}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label={i18n._("my_companies.col_role")}
        description={i18n._(`roles.${fields.role.value ?? "buyer"}_hint`)}
        error={errorText.field(fields.role.errors)}
      >
        {(f) => (
          <select {...getSelectProps(fields.role)} {...f} className={inputClassName}>
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
        field={fields.language}
        error={errorText.field(fields.language.errors)}
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={busy}>
          {i18n._("my_companies.invite_send")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Why the API refused a row's change, under the row's controls. */
function RowProblem({ id, codes }: { id?: string; codes: string[] | undefined }) {
  const text = useCompanyErrorText().form(codes);
  return text ? (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  ) : null;
}

/** A user's role, changed as soon as another is chosen; the choice shows while it is saved. */
function RoleForm({ user }: { user: CompanyUser }) {
  const { i18n } = useLingui();
  const errorId = useId();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof userRoleForm,
    Envelope<CompanyUser>
  >({
    schema: userRoleForm,
    id: `company-role-${user.id}`,
    onDone: (answer) => {
      if (!answer) return;
      const { full_name: name, role } = answer.data;
      showToast({
        title: i18n._("my_companies.role_changed", { name, role: i18n._(`roles.${role}`) }),
        color: "success",
      });
    },
  });
  const chosen = fetcher.formData?.get(fields.role.name);
  const problem = formErrors ?? fields.role.errors ?? fields.id.errors;
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <IntentField intent="changeUserRole" />
      <input type="hidden" name={fields.id.name} value={user.id} />
      <select
        name={fields.role.name}
        aria-label={i18n._("my_companies.role_of", { name: user.full_name })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={typeof chosen === "string" ? chosen : user.role}
        disabled={busy}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className={`${inputClassName} h-9 w-auto min-w-44 py-1 pr-8`}
      >
        {COMPANY_ROLES.map((role) => (
          <option key={role} value={role}>
            {i18n._(`roles.${role}`)}
          </option>
        ))}
      </select>
      <RowProblem id={errorId} codes={problem} />
    </fetcher.Form>
  );
}

/** A row's action; `id` keeps each row's forms (and answers) apart. */
const useUserAction = (id: string, success: string) => useFetcherForm({ schema: idParamSchema, id, success });

/** One of a row's buttons: posts the user's id to the action's intent. */
function UserActionForm({
  action,
  intent,
  user,
  variant,
  disabled,
  children,
}: {
  action: ReturnType<typeof useUserAction>;
  intent: "resendInvitation" | "enableUser" | "disableUser";
  user: CompanyUser;
  variant: "secondary" | "ghost";
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <action.fetcher.Form method="post" {...getFormProps(action.form)}>
      <IntentField intent={intent} />
      <input type="hidden" name={action.fields.id.name} value={user.id} />
      <Button type="submit" size="sm" variant={variant} loading={action.busy} disabled={disabled}>
        {children}
      </Button>
    </action.fetcher.Form>
  );
}

/**
 * A row's invitation and access buttons. Their forms live as long as the row, not the button: a
 * user disabled here shows Enable instead once the list is loaded again, and the toast still comes.
 */
function UserActions({ user }: { user: CompanyUser }) {
  const { i18n } = useLingui();
  const resend = useUserAction(`company-resend-${user.id}`, i18n._("my_companies.resent"));
  const enable = useUserAction(
    `company-enable-${user.id}`,
    i18n._("my_companies.enabled_done", { name: user.full_name }),
  );
  const disable = useUserAction(
    `company-disable-${user.id}`,
    i18n._("my_companies.disabled_done", { name: user.full_name }),
  );
  const busy = resend.busy || enable.busy || disable.busy;
  const problem = [resend, enable, disable]
    .map((action) => action.formErrors ?? action.fields.id.errors)
    .find(Boolean);
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {user.status === "invited" ? (
          <UserActionForm
            action={resend}
            intent="resendInvitation"
            user={user}
            variant="secondary"
            disabled={busy}
          >
            {i18n._("my_companies.resend")}
          </UserActionForm>
        ) : null}
        {user.status === "disabled" ? (
          <UserActionForm action={enable} intent="enableUser" user={user} variant="secondary" disabled={busy}>
            {i18n._("my_companies.enable")}
          </UserActionForm>
        ) : user.is_self ? null : (
          <UserActionForm action={disable} intent="disableUser" user={user} variant="ghost" disabled={busy}>
            {i18n._("my_companies.disable")}
          </UserActionForm>
        )}
      </div>
      <RowProblem codes={problem} />
    </div>
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
  const dateTime = useDateTime();

  // The cells are components: new ones would remount the rows' forms and lose their answers.
  const columns = useMemo(() => {
    const column = createColumnHelper<CompanyUser>();
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
        cell: (info) =>
          canManage ? <RoleForm user={info.row.original} /> : i18n._(`roles.${info.getValue()}`),
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
              cell: (info) => <UserActions user={info.row.original} />,
            }),
          ]
        : []),
    ];
  }, [i18n, canManage, dateTime]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable({
    data: users,
    columns,
    getCoreRowModel: getCoreRowModel(),
    // A row keeps its forms when the list changes order (a new colleague, a new name).
    getRowId: (user) => user.id,
  });

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
