import type { CompanyRole } from "@ems/contracts/roles";
import type { UserRole } from "@ems/db/schema";
import type { Locale } from "@ems/i18n/locales";

/**
 * The signed-in caller as the session lookup finds it and `request.auth` holds it. It lives here,
 * not in the auth module, because nearly every module names the caller and none of them should
 * depend on how sign-in works to do so (ADR 0011).
 */
export interface SessionWithUser {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: {
    id: string;
    companyId: string;
    email: string;
    firstName: string;
    lastName: string;
    language: Locale;
    /** customer, staff or staff_admin. */
    role: UserRole;
    /** The accepted role in the company (admin, buyer, engineer, finance, viewer); null for staff. */
    companyRole: CompanyRole | null;
    mustChangePassword: boolean;
  };
}
