import type { LanguagePaths } from "../pages.ts";

/** Finnish. The glossary exists only in en and de, hence null. */
export const fi: LanguagePaths = {
  home: "/",
  contact: "/yhteystiedot",
  "knowledge-base": "/tietopankki",
  "knowledge-base-article": "/tietopankki/*",

  "about-company": "/meista/yritys",
  "about-elexess-part-search": "/meista/elexess-komponenttihaku",
  "about-online-pcba": "/meista/piirilevyjen-ladonta-verkossa",
  "about-quality": "/meista/laatu",
  "about-team": "/meista/tiimi",

  "em-bare-printed-circuit-boards": "/elektroniikkavalmistus/piirilevyt",
  "em-development": "/elektroniikkavalmistus/tuotekehitys",
  "em-pcb-rework": "/elektroniikkavalmistus/piirilevyjen-korjaustyot",
  "em-pcba-prototyping": "/elektroniikkavalmistus/prototyyppien-ladonta",
  "em-pcba-volume-production": "/elektroniikkavalmistus/sarjatuotanto",
  "em-smt-assembly": "/elektroniikkavalmistus/smt-ladonta",
  "em-tht-assembly": "/elektroniikkavalmistus/tht-ladonta",

  "industry-automotive": "/toimialat/autoteollisuus",
  "industry-aviation-aerospace": "/toimialat/ilmailu-ja-avaruus",
  "industry-consumer-electronics": "/toimialat/kulutuselektroniikka",
  "industry-defense-military": "/toimialat/puolustus",
  "industry-electronic-music-instruments": "/toimialat/elektroniset-soittimet",
  "industry-ems-partner": "/toimialat/ems-kumppani",
  "industry-industrial-automation": "/toimialat/teollisuusautomaatio",
  "industry-led-lighting": "/toimialat/led-valaistus",
  "industry-maritime-naval": "/toimialat/merenkulku-ja-merivoimat",
  "industry-medical-devices": "/toimialat/terveysteknologia",
  "industry-oil-mining": "/toimialat/oljy-kaasu-ja-kaivosteollisuus",

  "legal-imprint": "/oikeudelliset-tiedot/yritystiedot",
  "legal-privacy": "/oikeudelliset-tiedot/tietosuojaseloste",
  "legal-terms": "/oikeudelliset-tiedot/myynti-ja-toimitusehdot",

  "resources-downloads": "/materiaalit/lataukset",
  "resources-faq": "/materiaalit/usein-kysyttya",
  "resources-case-studies": "/materiaalit/asiakastapaukset",
  "resources-europe-vs-asia": "/materiaalit/eurooppa-vs-aasia-piirilevyjen-ladonta",
  "resources-product-vs-traditional-ems": "/materiaalit/{product}-vs-perinteinen-ems",
  "resources-pcb-glossary": null,
};
