import { useLingui } from "@lingui/react";
import { siteConfig, type Certificate, type CustomerLogo, type Membership } from "@ems/config/site";
import { formatDate } from "@ems/i18n/format";
import { Award, ExternalLink } from "lucide-react";

/*
 * The operator's certificates, memberships and customer logos from the site configuration
 * (docs/behaviour/public-site.md#certificates-memberships-and-customers). Each list renders nothing while it is
 * empty, so an operator without, say, customer logos shows no empty heading.
 */

type Level = 2 | 3;

function ListHeading({ id, level, children }: { id: string; level: Level; children: string }) {
  const Tag = level === 2 ? "h2" : "h3";
  const size = level === 2 ? "text-2xl font-bold tracking-tight" : "text-lg font-semibold";
  return (
    <Tag id={id} className={`${size} text-neutral-900 dark:text-white`}>
      {children}
    </Tag>
  );
}

const card = "rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-950";

export function CertificateList({
  certificates = siteConfig.certificates,
  level = 2,
}: {
  certificates?: readonly Certificate[];
  level?: Level;
}) {
  const { i18n } = useLingui();
  if (certificates.length === 0) return null;
  return (
    <section aria-labelledby="certificates-title" className={level === 2 ? "mt-12" : undefined}>
      <ListHeading id="certificates-title" level={level}>
        {i18n._("trust.certificates_heading")}
      </ListHeading>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {certificates.map((certificate) => (
          <li key={certificate.name} className={`flex gap-4 ${card}`}>
            {certificate.logo ? (
              // The name stands beside the logo, so the logo itself says nothing more.
              <img
                src={certificate.logo}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
                className="size-12 shrink-0 object-contain"
              />
            ) : (
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200">
                <Award aria-hidden="true" className="size-6" />
              </span>
            )}
            <div className="min-w-0 text-sm">
              <p className="text-base font-semibold text-neutral-900 dark:text-white">{certificate.name}</p>
              <p className="mt-1 text-neutral-700 dark:text-neutral-300">
                {i18n._("trust.issuer", { issuer: certificate.issuer })}
              </p>
              {certificate.number ? (
                <p className="text-neutral-700 dark:text-neutral-300">
                  {i18n._("trust.number", { number: certificate.number })}
                </p>
              ) : null}
              {certificate.validUntil ? (
                <p className="text-neutral-700 dark:text-neutral-300">
                  {i18n._("trust.valid_until", { date: formatDate(certificate.validUntil, i18n.locale) })}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MembershipList({
  memberships = siteConfig.memberships,
  level = 2,
}: {
  memberships?: readonly Membership[];
  level?: Level;
}) {
  const { i18n } = useLingui();
  if (memberships.length === 0) return null;
  return (
    <section aria-labelledby="memberships-title" className={level === 2 ? "mt-12" : undefined}>
      <ListHeading id="memberships-title" level={level}>
        {i18n._("trust.memberships_heading")}
      </ListHeading>
      <ul className="mt-4 space-y-2">
        {memberships.map((membership) => (
          <li key={membership.url}>
            <a
              href={membership.url}
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary-800 underline underline-offset-4 dark:text-primary-300"
            >
              {membership.name}
              <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CustomerLogos({
  customers = siteConfig.customers,
  level = 2,
}: {
  customers?: readonly CustomerLogo[];
  level?: Level;
}) {
  const { i18n } = useLingui();
  if (customers.length === 0) return null;
  return (
    <section aria-labelledby="customers-title" className={level === 2 ? "mt-12" : undefined}>
      <ListHeading id="customers-title" level={level}>
        {i18n._("trust.customers_heading")}
      </ListHeading>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {customers.map((customer) => {
          // Logos are drawn for a light ground; a light tile keeps them legible in dark mode too.
          const logo = (
            <img
              src={customer.logo}
              alt={customer.name}
              width={160}
              height={64}
              loading="lazy"
              decoding="async"
              className="h-16 w-full object-contain"
            />
          );
          return (
            <li
              key={customer.name}
              className="flex items-center justify-center rounded-lg border border-neutral-200 bg-white p-4 dark:border-neutral-700"
            >
              {customer.url ? (
                <a href={customer.url} rel="noopener" className="block w-full">
                  {logo}
                </a>
              ) : (
                logo
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The home page's trust section: all three lists, or nothing when all three are empty. */
export function TrustSection({
  certificates = siteConfig.certificates,
  memberships = siteConfig.memberships,
  customers = siteConfig.customers,
}: {
  certificates?: readonly Certificate[];
  memberships?: readonly Membership[];
  customers?: readonly CustomerLogo[];
}) {
  const { i18n } = useLingui();
  if (certificates.length + memberships.length + customers.length === 0) return null;
  return (
    <section aria-labelledby="trust-title" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
      <h2 id="trust-title" className="text-2xl font-bold tracking-tight">
        {i18n._("trust.heading")}
      </h2>
      <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <CertificateList certificates={certificates} level={3} />
        <MembershipList memberships={memberships} level={3} />
      </div>
      {customers.length > 0 ? (
        <div className="mt-10">
          <CustomerLogos customers={customers} level={3} />
        </div>
      ) : null}
    </section>
  );
}
