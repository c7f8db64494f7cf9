import { useLingui } from "@lingui/react";
import { siteConfig, type TeamMember } from "@ems/config/site";
import { formatRegion } from "@ems/i18n/format";
import { Mail, Phone } from "lucide-react";

import { Picture } from "~/components/ui/picture";

/** Portraits and initials are shown at 64 CSS px. */
const AVATAR = 64;

/*
 * Colour pairs for the initials circles, all at least 4.5:1 in both modes; the name picks one, so a person keeps
 * the same colour on every visit and neighbours mostly differ.
 */
const INITIALS_COLOURS = [
  "bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100",
  "bg-primary-700 text-white dark:bg-primary-400 dark:text-neutral-950",
  "bg-neutral-200 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-100",
  "bg-primary-300 text-primary-950 dark:bg-primary-700 dark:text-white",
];

/** "Mihai Lindqvar-Popescu" → "ML": the first letters of the first and the last name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toLocaleUpperCase();
}

function colourFor(name: string): string {
  let sum = 0;
  for (const char of name) sum += char.codePointAt(0) ?? 0;
  return INITIALS_COLOURS[sum % INITIALS_COLOURS.length]!;
}

function Avatar({ person }: { person: TeamMember }) {
  if (person.photo) {
    // The name stands beside the portrait, so it is decorative (alt="") rather than read twice.
    return (
      <Picture
        base={person.photo.base}
        sourceWidth={person.photo.sourceWidth}
        width={AVATAR}
        height={AVATAR}
        fixed
        alt=""
        className="size-16 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-initials=""
      className={`inline-flex size-16 shrink-0 items-center justify-center rounded-full text-lg font-semibold ${colourFor(person.name)}`}
    >
      {initials(person.name)}
    </span>
  );
}

const linkClass =
  "inline-flex min-h-6 items-center gap-1.5 [overflow-wrap:anywhere] text-primary-800 underline underline-offset-4 dark:text-primary-300";

/** An address that may wrap after its "@" rather than anywhere in a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return email;
  return (
    <span>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}

function Person({ person }: { person: TeamMember }) {
  const { i18n } = useLingui();
  return (
    <li className="flex gap-4 rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950">
      <Avatar person={person} />
      <div className="min-w-0 text-sm">
        <p className="text-base font-semibold text-neutral-900 dark:text-white">{person.name}</p>
        <p className="text-neutral-700 dark:text-neutral-300">{i18n._(`team.role_${person.role}`)}</p>
        {person.email || person.phone ? (
          <ul className="mt-2 space-y-1">
            {person.email ? (
              <li>
                <a href={`mailto:${person.email}`} className={linkClass}>
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <EmailText email={person.email} />
                </a>
              </li>
            ) : null}
            {person.phone ? (
              <li>
                <a href={`tel:${person.phone.replaceAll(" ", "")}`} className={linkClass}>
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {/* No-break spaces: a phone number reads as one piece. */}
                  {person.phone.replaceAll(" ", "\u00a0")}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The team page's people from the site configuration, grouped by site in the order of claims.sites
 * (docs/behaviour/public-site.md#team-page). Nothing while the list is empty.
 */
export function TeamList({ people = siteConfig.team }: { people?: readonly TeamMember[] }) {
  const { i18n } = useLingui();
  if (people.length === 0) return null;
  const sites = siteConfig.claims.sites.filter((site) => people.some((person) => person.site === site.city));
  return (
    <section aria-labelledby="team-title" className="mt-10">
      <h2 id="team-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {i18n._("team.heading")}
      </h2>
      {sites.map((site) => (
        <div key={site.city} className="mt-8">
          <h3
            id={`team-${site.city.toLowerCase()}`}
            className="text-lg font-semibold text-neutral-900 dark:text-white"
          >
            {i18n._("team.site_heading", {
              city: site.city,
              country: formatRegion(site.country, i18n.locale),
            })}
          </h3>
          <ul aria-labelledby={`team-${site.city.toLowerCase()}`} className="mt-4 grid gap-4 sm:grid-cols-2">
            {people
              .filter((person) => person.site === site.city)
              .map((person) => (
                <Person key={person.name} person={person} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
