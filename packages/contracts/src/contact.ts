import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";
import { emptyBodySchema } from "./auth.ts";
import { idParamSchema } from "./companies.ts";
import { defineEndpoints, PUBLIC, STAFF } from "./endpoints.ts";
import { listPagingShape, pageOf } from "./lists.ts";

/** The contact form of the public site (issue 7): one schema for the form and the API. */
export const CONTACT_MESSAGE_MIN = 20;
export const CONTACT_MESSAGE_MAX = 5000;

export const contactRequestSchema = z
  .strictObject({
    name: singleLine().min(2).max(120),
    company: singleLine().max(200).optional(),
    email: z.email().max(254),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ()/.-]*$/, "digits, spaces and + ( ) / . - only")
      .optional(),
    message: multiLine().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX),
    language: z.enum(LOCALES),
    /** The solved ALTCHA challenge (base64 JSON), as for registration. */
    captcha: z
      .string()
      .min(1)
      .max(2048)
      .regex(/^[A-Za-z0-9+/=_-]+$/, "The captcha payload must be base64"),
  })
  .meta({ id: "ContactRequest" });

export const contactAnswerSchema = z
  .object({ reference: z.string().regex(/^ENQ-\d{4}-\d{5}$/) })
  .meta({ id: "ContactAnswer" });

export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

export const contactEndpoints = defineEndpoints("contact", {
  send: {
    method: "POST",
    path: "/api/contact",
    summary: "Sends a message through the contact form (captcha required)",
    access: PUBLIC,
    body: contactRequestSchema,
    response: contactAnswerSchema,
    created: true,
    errors: [429],
    caching: "route",
  },
});

/**
 * The back office's view of the stored messages (issue 20): new ones wait on the staff home until
 * someone marks them handled. `status=new` (the default) lists unhandled messages, oldest first;
 * `handled` the handled ones, most recently handled first.
 */
export const CONTACT_MESSAGE_STATUSES = ["new", "handled"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const staffContactMessageListQuerySchema = z.strictObject({
  ...listPagingShape,
  status: z.enum(CONTACT_MESSAGE_STATUSES).default("new"),
});

export const staffContactMessageSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    language: z.enum(LOCALES),
    created_at: z.string(),
    handled_at: z.string().nullable(),
    /** Who marked it handled; null while new, or once that user was deleted. */
    handled_by: z.string().nullable(),
  })
  .meta({ id: "StaffContactMessage" });

export const staffContactMessagePageSchema = pageOf(staffContactMessageSchema).meta({
  id: "StaffContactMessagePage",
});

export type StaffContactMessageListQuery = z.infer<typeof staffContactMessageListQuerySchema>;
export type StaffContactMessage = z.infer<typeof staffContactMessageSchema>;
export type StaffContactMessagePage = z.infer<typeof staffContactMessagePageSchema>;

export const staffContactMessageEndpoints = defineEndpoints("staff", {
  list: {
    method: "GET",
    path: "/api/staff/contact-messages",
    summary: "Messages of the contact form, new (unhandled, oldest first) or handled",
    access: STAFF,
    query: staffContactMessageListQuerySchema,
    response: staffContactMessagePageSchema,
    caching: "private",
  },
  markHandled: {
    method: "POST",
    path: "/api/staff/contact-messages/:id/handled",
    summary: "Marks a contact message handled",
    description:
      "Idempotent: a message already handled keeps who handled it and when, and the answer is the same 200.",
    access: STAFF,
    params: idParamSchema,
    body: emptyBodySchema,
    response: staffContactMessageSchema,
    errors: [404],
    caching: "private",
  },
});
