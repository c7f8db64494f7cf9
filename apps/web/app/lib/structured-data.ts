import { siteConfig } from "@ems/config/site";
import type { MetaDescriptor } from "react-router";

/**
 * JSON-LD for the home page: the Organization and the WebSite. The structured data lists
 * only en, de, it and ro as the site's languages.
 */
export function organizationStructuredData(origin: string): MetaDescriptor[] {
  const { brand, claims, contact } = siteConfig;
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        "@id": `${origin}/#organization`,
        name: brand.legalName,
        alternateName: brand.name,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        email: contact.email,
        telephone: contact.phone,
        foundingDate: String(claims.foundedYear),
        numberOfEmployees: {
          "@type": "QuantitativeValue",
          minValue: claims.employeesRange.min,
          maxValue: claims.employeesRange.max,
        },
        address: claims.sites.map((site) => ({
          "@type": "PostalAddress",
          addressLocality: site.city,
          addressCountry: site.country,
        })),
        hasCredential: claims.certifications.map((name) => ({
          "@type": "EducationalOccupationalCredential",
          name,
        })),
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebSite",
        "@id": `${origin}/#website`,
        name: brand.name,
        url: `${origin}/`,
        inLanguage: [...siteConfig.structuredDataLanguages],
        publisher: { "@id": `${origin}/#organization` },
      },
    },
  ];
}
