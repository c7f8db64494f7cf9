import { z } from "zod";
import { listPagingShape, listSearchSchema } from "./lists.ts";
import { companyMembersWith, defineEndpoints } from "./endpoints.ts";

/**
 * Action names of the activity log and the log each belongs to. system: security events; user:
 * changes people made. Later capabilities add their document events (`quote.accepted`, …) here, and
 * a label for each in content/locales/en/activity.json (`activity.action.<name>`).
 */
export const ACTIVITY_ACTIONS = {
  "auth.login": "system",
  "auth.login_failed": "system",
  "auth.locked": "system",
  "auth.logout": "system",
  "auth.session_revoked": "system",
  "auth.password_reset_requested": "system",
  "auth.password_reset": "system",
  "auth.two_factor_enabled": "system",
  "auth.two_factor_disabled": "system",
  "auth.recovery_code_used": "system",
  "account.registered": "user",
  "account.email_verified": "user",
  "profile.updated": "user",
  "profile.username_changed": "user",
  "profile.password_changed": "user",
  "company.updated": "user",
  "company.address_created": "user",
  "company.address_updated": "user",
  "company.address_deleted": "user",
  "company.address_billing": "user",
  "company.address_shipping": "user",
  "company.contact_created": "user",
  "company.contact_updated": "user",
  "company.user_invited": "user",
  "company.invitation_accepted": "user",
  "company.user_role_changed": "user",
  "company.user_disabled": "user",
  "company.user_enabled": "user",
  "quote.requested": "user",
  "quote.created": "user",
  "quote.tax_overridden": "user",
  "quote.lines_updated": "user",
  "quote.sent": "user",
  "quote.ordered": "user",
  "quote.declined": "user",
  "quote.lost": "user",
  "quote.expired": "system",
  "order.placed": "user",
  "order.progress_updated": "user",
  "order.production_held": "user",
  "order.production_resumed": "user",
  "production.stage_set_saved": "user",
  "order.status_changed": "user",
  "order.tax_overridden": "user",
  "delivery.created": "user",
  "invoice.created": "user",
  "invoice.advance_billed": "user",
  "credit_note.created": "user",
  "payment.started": "user",
  "payment.succeeded": "user",
  "payment.failed": "user",
  "payment.recorded": "user",
  "material_request.created": "user",
  "material_request.received": "user",
  "contract.created": "user",
  "contract.status_changed": "user",
  "reference.holiday_saved": "user",
  "reference.holiday_deleted": "user",
  "reference.parcel_service_saved": "user",
  "reference.payment_integration_changed": "user",
  "pcb.created": "user",
  "pcb.version_saved": "user",
  "pcb.archived": "user",
  "pcb.restored": "user",
  "file.uploaded": "user",
  "file.renamed": "user",
  "file.moved": "user",
  "file.deleted": "user",
  "file.restored": "user",
  "file.shared": "user",
  "folder.created": "user",
  "folder.renamed": "user",
  "folder.moved": "user",
  "folder.linked": "user",
  "folder.deleted": "user",
  "part.created": "user",
  "part.updated": "user",
  "part.mpn_added": "user",
  "part.mpn_removed": "user",
  "part.series_changed": "user",
  "assembly.created": "user",
  "assembly.version_saved": "user",
  "bom.imported": "user",
  "bom.line_changed": "user",
  "placements.imported": "user",
  "bom.line_reviewed": "user",
  "bom.substitution_proposed": "user",
  "bom.substitution_accepted": "user",
  "bom.substitution_rejected": "user",
  "bom.released": "user",
  "query.raised": "user",
  "query.answered": "user",
  "query.commented": "user",
  "query.closed": "user",
  "query.withdrawn": "user",
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export type ActivityKind = (typeof ACTIVITY_ACTIONS)[ActivityAction];

/** The action names of one log, in the order above. */
export function activityActionsOf(kind: ActivityKind): ActivityAction[] {
  return (Object.keys(ACTIVITY_ACTIONS) as ActivityAction[]).filter((a) => ACTIVITY_ACTIONS[a] === kind);
}

/**
 * Pagination reaches the newest this many matching entries and `total` counts at most this many, so
 * no request scans a company's whole history; older entries are found by narrowing the dates.
 */
export const ACTIVITY_MAX_ROWS = 10_000;

/** Query of the activity log lists (system logs and user logs, docs/behaviour/accounts.md#activity-log). */
export const activityQuerySchema = z
  .strictObject({
    ...listPagingShape,
    action: z.enum(Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]]).optional(),
    actor_user_id: z.uuid().optional(),
    q: listSearchSchema,
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((query) => (query.page - 1) * query.page_size < ACTIVITY_MAX_ROWS, {
    path: ["page"],
    message: `pages reach the newest ${ACTIVITY_MAX_ROWS} entries; narrow the dates for older ones`,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "must not be before 'from'",
  });

export const activityEntrySchema = z
  .object({
    id: z.uuid(),
    created_at: z.string(),
    kind: z.enum(["system", "user"]),
    action: z.string(),
    actor: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
    subject_type: z.string().nullable(),
    subject_id: z.string().nullable(),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  })
  .meta({ id: "ActivityEntry" });

export const activityPageSchema = z
  .object({
    items: z.array(activityEntrySchema),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Matching entries, counted up to ACTIVITY_MAX_ROWS. */
    total: z.number().int(),
  })
  .meta({ id: "ActivityPage" });

export type ActivityQuery = z.infer<typeof activityQuerySchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export type ActivityPage = z.infer<typeof activityPageSchema>;

const logOf = (kind: "system" | "user") =>
  ({
    method: "GET",
    summary: `The company's ${kind} log, newest first (company administrators)`,
    access: companyMembersWith("company.manage"),
    query: activityQuerySchema,
    response: activityPageSchema,
    caching: "private",
  }) as const;

/**
 * The activity log (docs/behaviour/accounts.md#activity-log): one endpoint per log. Each path is
 * spelt out so that its literal type reaches the clients.
 */
export const activityEndpoints = defineEndpoints("activity", {
  systemLog: { ...logOf("system"), path: "/api/activity/system-logs" },
  userLog: { ...logOf("user"), path: "/api/activity/user-logs" },
});
