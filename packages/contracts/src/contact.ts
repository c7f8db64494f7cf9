import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";
import { LOCALES } from "@ems/i18n/locales";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

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
