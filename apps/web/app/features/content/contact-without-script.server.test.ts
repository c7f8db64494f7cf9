import { describe, expect, it } from "vitest";

import { readContactWithoutScript } from "./contact-without-script.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const message = "Please quote 500 four-layer boards with ENIG, delivery in March.";

describe("readContactWithoutScript", () => {
  it("answers a right form back as ready to go by e-mail", () => {
    const answer = readContactWithoutScript(
      form({ name: "Ana Pop", email: " ana@firma.example ", message, company: "", phone: "+40 21 000" }),
      "ro",
    );
    expect(answer.ready).toBe(true);
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual({
      name: "Ana Pop",
      company: "",
      email: " ana@firma.example ",
      phone: "+40 21 000",
      message,
    });
  });

  it("names each refused field with its message and keeps what was typed", () => {
    const answer = readContactWithoutScript(
      form({ name: "Ana Pop", email: "not-an-address", message: "Too short", phone: "call me" }),
      "de",
    );
    expect(answer.ready).toBe(false);
    expect(answer.errors).toEqual({
      email: "contact.error_email",
      phone: "contact.error_phone",
      message: "contact.error_message_short",
    });
    expect(answer.values.message).toBe("Too short");
  });

  it("ignores fields the form does not have and reads missing ones as empty", () => {
    const answer = readContactWithoutScript(form({ captcha: "forged", language: "xx", role: "admin" }), "en");
    expect(answer.ready).toBe(false);
    expect(Object.keys(answer.values).sort()).toEqual(["company", "email", "message", "name", "phone"]);
    expect(answer.errors.name).toBe("contact.error_required");
  });
});
