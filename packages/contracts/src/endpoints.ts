import type { z } from "zod";
import { can, type CompanyPermission } from "./permissions.ts";
import { isStaffRole } from "./roles.ts";

/**
 * One definition per API route, declared by its contracts domain: the API registers the route from
 * it (schemas, role check, envelope, Cache-Control, OpenAPI tag) and the web calls it by it, so the
 * path, the types and the rule of who may call exist once (ADR 0012).
 */

export type EndpointMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may call: anyone, any signed-in user, operator staff, the operator's administrators, or
 * company members with a permission.
 */
export type EndpointAccess =
  | { readonly kind: "public" }
  | { readonly kind: "user" }
  | { readonly kind: "staff" }
  | { readonly kind: "staffAdmin" }
  | { readonly kind: "company"; readonly permission: CompanyPermission };

export const PUBLIC = { kind: "public" } as const satisfies EndpointAccess;
export const SIGNED_IN = { kind: "user" } as const satisfies EndpointAccess;
export const STAFF = { kind: "staff" } as const satisfies EndpointAccess;
export const STAFF_ADMIN = { kind: "staffAdmin" } as const satisfies EndpointAccess;
export function companyMembersWith(permission: CompanyPermission) {
  return { kind: "company", permission } as const satisfies EndpointAccess;
}

/**
 * Cache-Control of a success: "private" answers are one caller's business and never stored;
 * "public" ones may be kept for `maxAge` seconds. "route" leaves the header to the handler (an
 * answer whose cacheability depends on the caller).
 */
export type EndpointCaching =
  "private" | "no-store" | "route" | { readonly public: number } | { readonly private: number };

/** The success of a download: the handler sends the file itself; OpenAPI shows the media type. */
export type Download = { readonly download: string };
export const PDF_DOWNLOAD: Download = { download: "application/pdf" };
export const ZIP_DOWNLOAD: Download = { download: "application/zip" };
export const XML_DOWNLOAD: Download = { download: "application/xml" };

export interface EndpointDefinition {
  readonly method: EndpointMethod;
  /** Fastify path syntax, `:name` for a parameter. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: EndpointAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The `data` of the success envelope, or a download. */
  readonly response: z.ZodType | Download;
  /** 201 Created instead of 200 OK. */
  readonly created?: boolean;
  /** Error statuses beyond those the access and the input imply (400, 401, 403). */
  readonly errors?: readonly number[];
  readonly caching: EndpointCaching;
  /** A creation the client sends with an Idempotency-Key and the server answers once. */
  readonly idempotent?: boolean;
  /** Left out of the OpenAPI document (development tools). */
  readonly hidden?: boolean;
}

export interface Endpoint extends EndpointDefinition {
  /** The OpenAPI tag: the domain that declares the endpoint. */
  readonly tag: string;
}

/** A domain's endpoints under its OpenAPI tag: `defineEndpoints("invoices", { list: {...} })`. */
export function defineEndpoints<const Definitions extends Record<string, EndpointDefinition>>(
  tag: string,
  definitions: Definitions,
): { readonly [Name in keyof Definitions]: Definitions[Name] & { readonly tag: string } } {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [name, { ...definition, tag }]),
  ) as { readonly [Name in keyof Definitions]: Definitions[Name] & { readonly tag: string } };
}

type SchemaOf<E, Key extends "params" | "query" | "body"> = E extends { readonly [K in Key]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** What the caller sends (before the server's defaults and coercions). */
export type ParamsIn<E> = [SchemaOf<E, "params">] extends [never]
  ? undefined
  : z.input<SchemaOf<E, "params">>;
export type QueryIn<E> = [SchemaOf<E, "query">] extends [never] ? undefined : z.input<SchemaOf<E, "query">>;
export type BodyIn<E> = [SchemaOf<E, "body">] extends [never] ? undefined : z.input<SchemaOf<E, "body">>;
/** What the handler receives (after validation). */
export type ParamsOut<E> = [SchemaOf<E, "params">] extends [never]
  ? unknown
  : z.output<SchemaOf<E, "params">>;
export type QueryOut<E> = [SchemaOf<E, "query">] extends [never] ? unknown : z.output<SchemaOf<E, "query">>;
export type BodyOut<E> = [SchemaOf<E, "body">] extends [never] ? unknown : z.output<SchemaOf<E, "body">>;
/** The `data` of the success envelope as the caller reads it. */
export type ResponseData<E> = E extends { readonly response: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : never
  : never;

/** Replaces each `:name` of the path by its value, URL-encoded. */
export function pathOf(endpoint: Pick<Endpoint, "path">, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "")
      throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The caller as far as access rules need it: the operator role and the company role. */
export interface Caller {
  readonly role: string;
  readonly company_role: string | null;
}

/**
 * May this caller (null: a visitor) call this endpoint? The API's guard and the web's menus and
 * buttons both answer it from the endpoint's access, so the rule exists once.
 */
export function mayCall(caller: Caller | null | undefined, endpoint: Pick<Endpoint, "access">): boolean {
  const access = endpoint.access;
  if (access.kind === "public") return true;
  if (!caller) return false;
  if (access.kind === "user") return true;
  if (access.kind === "staff") return isStaffRole(caller.role);
  if (access.kind === "staffAdmin") return caller.role === "staff_admin";
  return can(caller.company_role, access.permission);
}
