import type { DeskData } from "@ems/contracts/desk";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";
import { Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";

import { cn } from "~/lib/cn";
import { href } from "~/lib/route-map";

/** Which first steps the caller's company role may take (the endpoints' own rules). */
export interface OnboardingPermissions {
  address: boolean;
  invite: boolean;
  quote: boolean;
  pcb: boolean;
}

type Onboarding = DeskData["onboarding"];

interface Step {
  key: "address" | "colleagues" | "first_request";
  done: boolean;
  links: { label: string; to: string }[];
}

/**
 * The steps of the checklist this caller can take, each ticked from the company's data; empty once
 * every one of them is done, or when the role may take none (a viewer is shown no dead links).
 */
export function onboardingSteps(
  onboarding: Onboarding,
  may: OnboardingPermissions,
  locale: Locale,
  label: (key: string) => string,
): Step[] {
  const companies = href("my-companies", locale);
  const steps: Step[] = [];
  if (may.address)
    steps.push({
      key: "address",
      done: onboarding.address,
      links: [{ label: label("desk.onboarding_address_link"), to: `${companies}#addresses` }],
    });
  if (may.invite)
    steps.push({
      key: "colleagues",
      done: onboarding.colleagues,
      links: [{ label: label("desk.onboarding_colleagues_link"), to: `${companies}#users` }],
    });
  if (may.quote || may.pcb)
    steps.push({
      key: "first_request",
      done: onboarding.first_request,
      links: [
        ...(may.pcb ? [{ label: label("desk.onboarding_pcb_link"), to: href("my-pcbs", locale) }] : []),
        ...(may.quote ? [{ label: label("desk.onboarding_quote_link"), to: href("my-quotes", locale) }] : []),
      ],
    });
  return steps.every((step) => step.done) ? [] : steps;
}

/**
 * "Welcome back" is for someone who has been here before and has nothing left on the checklist; a
 * returning customer who has not finished their first steps is still greeted as new.
 */
export function greetingKey(
  onboarding: Onboarding,
  may: OnboardingPermissions,
): "desk.greeting" | "desk.greeting_new" {
  const open = onboardingSteps(onboarding, may, "en", (key) => key).length > 0;
  return onboarding.first_visit || open ? "desk.greeting_new" : "desk.greeting";
}

const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 dark:text-primary-300 dark:decoration-primary-300/40";

/**
 * A new customer's first steps on the desk (company address, colleagues, a first PCB specification
 * or quote request), each linking to where it is done and ticked from the company's data.
 */
export function OnboardingChecklist({
  onboarding,
  may,
  locale,
}: {
  onboarding: Onboarding;
  may: OnboardingPermissions;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const steps = onboardingSteps(onboarding, may, locale, (key) => i18n._(key));
  if (steps.length === 0) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <section
      aria-labelledby="desk-onboarding-title"
      className="rounded-xl border border-primary-200 bg-primary-50/60 p-5 dark:border-primary-900 dark:bg-primary-950/40"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="desk-onboarding-title" className="text-lg font-semibold">
          {i18n._("desk.onboarding_title")}
        </h2>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("desk.onboarding_progress", { done, total: steps.length })}
        </p>
      </div>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{i18n._("desk.onboarding_intro")}</p>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => {
          const Icon = step.done ? CircleCheck : Circle;
          return (
            <li key={step.key} className="flex gap-3" data-done={step.done ? "true" : "false"}>
              <Icon
                aria-hidden="true"
                className={cn(
                  "mt-0.5 size-5 shrink-0",
                  step.done
                    ? "text-primary-700 dark:text-primary-400"
                    : "text-neutral-500 dark:text-neutral-400",
                )}
              />
              <div className="min-w-0">
                <p className={cn("font-semibold", step.done ? "text-neutral-700 dark:text-neutral-300" : "")}>
                  {i18n._(`desk.onboarding_${step.key}`)}
                  <span className="sr-only">
                    {" "}
                    ({i18n._(step.done ? "desk.onboarding_done" : "desk.onboarding_todo")})
                  </span>
                </p>
                {step.done ? null : (
                  <>
                    <p className="text-sm text-neutral-700 dark:text-neutral-300">
                      {i18n._(`desk.onboarding_${step.key}_hint`)}
                    </p>
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                      {step.links.map((link) => (
                        <Link key={link.to} to={link.to} className={linkClass}>
                          {link.label}
                        </Link>
                      ))}
                    </p>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
