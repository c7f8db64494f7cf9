import type { ComponentProps, Ref } from "react";

import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

export type CodeKind = "digits" | "recovery";

/**
 * What a typed or pasted code becomes: the 6 digits of an e-mailed or authenticator code (spaces,
 * dashes and other characters dropped, so " 123 456" pasted from a mail works), or a recovery code
 * `xxxxx-xxxxx` in lower case.
 */
export function normaliseCode(value: string, kind: CodeKind): string {
  if (kind === "digits") return value.replace(/\D/g, "").slice(0, 6);
  const letters = value.toLowerCase().replace(/[^a-z2-7]/g, "");
  return letters.length > 5 ? `${letters.slice(0, 5)}-${letters.slice(5, 10)}` : letters;
}

type OtpInputProps = Omit<ComponentProps<"input">, "value" | "onChange"> & {
  kind: CodeKind;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The one-time code field of the sign-in (written here because components/ui has no otp-input yet):
 * one text field, so screen readers, password managers and the browser's one-time-code autofill see
 * a single control, with the code normalised as it is typed or pasted.
 */
export function OtpInput({ kind, value, onValueChange, className, ...props }: OtpInputProps) {
  return (
    <Input
      {...props}
      type="text"
      value={value}
      onChange={(event) => onValueChange(normaliseCode(event.target.value, kind))}
      autoComplete="one-time-code"
      inputMode={kind === "digits" ? "numeric" : "text"}
      autoCapitalize="off"
      spellCheck={false}
      pattern={kind === "digits" ? "\\d{6}" : "[a-z2-7]{5}-[a-z2-7]{5}"}
      className={cn("font-mono text-2xl tracking-[0.4em]", className)}
    />
  );
}
