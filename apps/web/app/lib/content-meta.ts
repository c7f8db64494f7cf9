import { siteConfig } from "@ems/config/site";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";
import type { MetaDescriptor } from "react-router";

/**
 * Title, description, canonical and hreflang links of content whose paths are its own per language
 * (knowledge-base categories and articles): the translations come from the content, not the route map.
 */
export function contentMeta(options: {
  title: string;
  description: string;
  locale: Locale;
  origin: string;
  translations: Partial<Record<Locale, string>>;
  noindex?: boolean;
}): MetaDescriptor[] {
  const { origin, translations } = options;
  const tags: MetaDescriptor[] = [
    { title: `${options.title} – ${siteConfig.brand.name}` },
    { name: "description", content: options.description },
  ];
  if (options.noindex) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  const own = translations[options.locale];
  if (own) tags.push({ tagName: "link", rel: "canonical", href: `${origin}${own}` });
  for (const [locale, path] of Object.entries(translations)) {
    tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href: `${origin}${path}` });
  }
  const fallback = translations.en ?? own;
  if (fallback)
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${fallback}` });
  return tags;
}

/** BreadcrumbList JSON-LD for a trail of absolute URLs. */
export function breadcrumbStructuredData(items: readonly { name: string; url: string }[]): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: items.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: item.name,
        item: item.url,
      })),
    },
  };
}

/** TechArticle JSON-LD of a knowledge-base article. */
export function techArticleStructuredData(article: {
  title: string;
  description: string;
  updated: string;
  url: string;
  locale: Locale;
  wordCount: number;
  origin: string;
  section: string;
}): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "TechArticle",
      headline: article.title,
      description: article.description,
      inLanguage: LOCALE_TAGS[article.locale],
      dateModified: article.updated,
      wordCount: article.wordCount,
      articleSection: article.section,
      mainEntityOfPage: article.url,
      url: article.url,
      author: { "@id": `${article.origin}/#organization` },
      publisher: {
        "@type": "Organization",
        "@id": `${article.origin}/#organization`,
        name: siteConfig.brand.legalName,
        logo: { "@type": "ImageObject", url: `${article.origin}/favicon.svg` },
      },
    },
  };
}
