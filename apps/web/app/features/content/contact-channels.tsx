import { useLingui } from "@lingui/react";
import { siteConfig } from "@ems/config/site";
import { formatRegion } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";

const linkClass = "font-medium break-words text-primary-800 underline dark:text-primary-300";

function Channel({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 font-semibold text-neutral-900 dark:text-white">
        <span aria-hidden="true" className="text-primary-700 dark:text-primary-300">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 min-w-0 pl-7 text-neutral-700 dark:text-neutral-300">{children}</dd>
    </div>
  );
}

/** The team's e-mail, phone, address and hours beside the contact form, from the site configuration. */
export function ContactChannels({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  const { email, phone } = siteConfig.contact;
  const { street, postalCode, city, country } = siteConfig.legal.postalAddress;
  const icon = "size-5";
  return (
    <aside
      aria-labelledby="contact-channels-title"
      className="h-fit rounded-xl border border-neutral-200 bg-neutral-50 p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="contact-channels-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
        {i18n._("contact.channels_title")}
      </h2>
      <dl className="mt-4 space-y-4 text-sm">
        <Channel icon={<Mail className={icon} />} label={i18n._("contact.email")}>
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </Channel>
        <Channel icon={<Phone className={icon} />} label={i18n._("contact.phone")}>
          {/* No-break spaces: a phone number reads as one piece, never split over two lines. */}
          <a href={`tel:${phone.replaceAll(" ", "")}`} className={linkClass}>
            {phone.replaceAll(" ", "\u00a0")}
          </a>
        </Channel>
        <Channel icon={<MapPin className={icon} />} label={i18n._("contact.channel_address")}>
          <address className="not-italic">
            {siteConfig.brand.legalName}
            <br />
            {street}
            <br />
            {`${postalCode} ${city}`}
            <br />
            {formatRegion(country, locale)}
          </address>
        </Channel>
        <Channel icon={<Clock className={icon} />} label={i18n._("contact.channel_hours_label")}>
          {i18n._("contact.channel_hours")}
        </Channel>
      </dl>
    </aside>
  );
}
