export interface Manufacturer {
  id: string;
  name: string;
  /** Other names BOMs use for it: abbreviations, former and acquired companies, LCSC's Chinese names. */
  aliases: string[];
}

/**
 * Makers whose parts an EMS buys most, with the names BOMs and distributors give them. Acquired
 * companies map to the owner when their parts are now sold under it (Linear and Maxim → Analog
 * Devices, Atmel → Microchip, Fairchild → onsemi…), so a BOM naming either finds the same stock.
 */
export const MANUFACTURERS: Manufacturer[] = [
  {
    id: "ti",
    name: "Texas Instruments",
    aliases: ["TI", "Texas Instruments Inc.", "National Semiconductor", "Burr-Brown", "德州仪器"],
  },
  {
    id: "st",
    name: "STMicroelectronics",
    aliases: ["ST", "STM", "ST Microelectronics", "SGS-Thomson", "意法半导体"],
  },
  {
    id: "adi",
    name: "Analog Devices",
    aliases: [
      "ADI",
      "Analog Devices Inc.",
      "Linear Technology",
      "LTC",
      "Linear",
      "Maxim Integrated",
      "Maxim",
      "Hittite",
      "亚德诺",
    ],
  },
  {
    id: "murata",
    name: "Murata",
    aliases: ["Murata Electronics", "Murata Manufacturing", "Murata Electronics North America", "村田"],
  },
  { id: "yageo", name: "Yageo", aliases: ["YAGEO Corporation", "Phycomp", "国巨"] },
  {
    id: "samsung-em",
    name: "Samsung Electro-Mechanics",
    aliases: ["Samsung", "SEMCO", "Samsung Electro-Mechanics America", "Samsung EM", "三星"],
  },
  { id: "tdk", name: "TDK", aliases: ["TDK Corporation", "TDK-Lambda", "EPCOS", "InvenSense"] },
  { id: "kemet", name: "KEMET", aliases: ["KEMET Corporation", "基美"] },
  {
    id: "vishay",
    name: "Vishay",
    aliases: [
      "Vishay Intertechnology",
      "Vishay Dale",
      "Vishay Siliconix",
      "Vishay Semiconductors",
      "Vishay BCcomponents",
      "Vishay Sprague",
      "威世",
    ],
  },
  {
    id: "panasonic",
    name: "Panasonic",
    aliases: ["Panasonic Electronic Components", "Panasonic Industry", "松下"],
  },
  {
    id: "microchip",
    name: "Microchip Technology",
    aliases: ["Microchip", "Atmel", "Microsemi", "SMSC", "Micrel", "微芯"],
  },
  {
    id: "nxp",
    name: "NXP Semiconductors",
    aliases: ["NXP", "Freescale", "Freescale Semiconductor", "恩智浦"],
  },
  {
    id: "infineon",
    name: "Infineon Technologies",
    aliases: ["Infineon", "International Rectifier", "IR", "Cypress", "Cypress Semiconductor", "英飞凌"],
  },
  {
    id: "onsemi",
    name: "onsemi",
    aliases: ["ON Semiconductor", "ON Semi", "ON", "Fairchild", "Fairchild Semiconductor", "安森美"],
  },
  { id: "nexperia", name: "Nexperia", aliases: ["Nexperia USA", "安世"] },
  { id: "diodes", name: "Diodes Incorporated", aliases: ["Diodes Inc.", "Diodes", "Zetex", "美台"] },
  { id: "rohm", name: "ROHM Semiconductor", aliases: ["Rohm", "ROHM Co.", "罗姆"] },
  {
    id: "toshiba",
    name: "Toshiba",
    aliases: ["Toshiba Electronic Devices & Storage", "Toshiba Semiconductor and Storage", "东芝"],
  },
  {
    id: "wurth",
    name: "Würth Elektronik",
    aliases: [
      "Wurth",
      "Würth",
      "Wurth Electronics",
      "Wurth Electronics Inc.",
      "WE",
      "Wuerth Elektronik",
      "伍尔特",
    ],
  },
  { id: "molex", name: "Molex", aliases: ["Molex, LLC", "Molex Connector"] },
  {
    id: "te",
    name: "TE Connectivity",
    aliases: ["TE", "Tyco Electronics", "AMP", "TE Connectivity AMP", "泰科"],
  },
  {
    id: "amphenol",
    name: "Amphenol",
    aliases: ["Amphenol FCI", "FCI", "Amphenol ICC", "Amphenol RF", "安费诺"],
  },
  { id: "jst", name: "JST", aliases: ["JST Sales America", "J.S.T. Mfg.", "Japan Solderless Terminal"] },
  { id: "bourns", name: "Bourns", aliases: ["Bourns Inc.", "伯恩斯"] },
  {
    id: "avx",
    name: "KYOCERA AVX",
    aliases: ["AVX", "AVX Corporation", "AVX Corp/Kyocera Corp", "Kyocera", "Kyocera AVX Components"],
  },
  { id: "littelfuse", name: "Littelfuse", aliases: ["Littelfuse Inc.", "Littlefuse", "力特"] },
  {
    id: "renesas",
    name: "Renesas Electronics",
    aliases: ["Renesas", "Intersil", "IDT", "Integrated Device Technology", "Dialog Semiconductor", "瑞萨"],
  },
  { id: "espressif", name: "Espressif Systems", aliases: ["Espressif", "乐鑫"] },
  { id: "nordic", name: "Nordic Semiconductor", aliases: ["Nordic", "Nordic Semi"] },
  { id: "silabs", name: "Silicon Labs", aliases: ["Silicon Laboratories", "SiLabs", "Silabs"] },
  { id: "lattice", name: "Lattice Semiconductor", aliases: ["Lattice"] },
  { id: "amd", name: "AMD", aliases: ["Xilinx", "Advanced Micro Devices", "赛灵思"] },
  { id: "intel", name: "Intel", aliases: ["Altera", "Intel FPGA", "Intel Corporation"] },
  { id: "micron", name: "Micron Technology", aliases: ["Micron", "镁光"] },
  { id: "winbond", name: "Winbond", aliases: ["Winbond Electronics", "华邦"] },
  { id: "issi", name: "ISSI", aliases: ["Integrated Silicon Solution", "Integrated Silicon Solution Inc."] },
  { id: "macronix", name: "Macronix", aliases: ["Macronix International", "MXIC", "旺宏"] },
  { id: "kingbright", name: "Kingbright", aliases: ["Kingbright Electronic", "今台"] },
  { id: "liteon", name: "Lite-On", aliases: ["Lite-On Technology", "LITEON", "Lite On", "光宝"] },
  {
    id: "osram",
    name: "ams OSRAM",
    aliases: ["OSRAM", "OSRAM Opto Semiconductors", "ams", "ams AG", "欧司朗"],
  },
  { id: "everlight", name: "Everlight", aliases: ["Everlight Electronics", "亿光"] },
  { id: "abracon", name: "Abracon", aliases: ["Abracon LLC", "Abracon Corporation"] },
  { id: "epson", name: "Epson", aliases: ["Seiko Epson", "Epson Timing", "爱普生"] },
  { id: "ndk", name: "NDK", aliases: ["Nihon Dempa Kogyo"] },
  { id: "ecs", name: "ECS", aliases: ["ECS Inc.", "ECS International"] },
  { id: "cui", name: "CUI Devices", aliases: ["CUI", "CUI Inc."] },
  { id: "hirose", name: "Hirose Electric", aliases: ["Hirose", "HRS", "广濑"] },
  { id: "samtec", name: "Samtec", aliases: ["Samtec Inc."] },
  { id: "harwin", name: "Harwin", aliases: ["Harwin Inc", "Harwin plc"] },
  { id: "omron", name: "Omron", aliases: ["Omron Electronics", "Omron Electronic Components", "欧姆龙"] },
  { id: "keystone", name: "Keystone Electronics", aliases: ["Keystone"] },
  { id: "sunlord", name: "Sunlord", aliases: ["Shenzhen Sunlord Electronics", "顺络"] },
  { id: "uniroyal", name: "UNI-ROYAL", aliases: ["Uniroyal Electronics", "UniOhm", "厚声"] },
  { id: "fenghua", name: "Fenghua", aliases: ["FH", "Guangdong Fenghua Advanced Tech", "风华"] },
  { id: "taiyo-yuden", name: "Taiyo Yuden", aliases: ["TAIYO YUDEN", "太诱"] },
  { id: "stackpole", name: "Stackpole Electronics", aliases: ["Stackpole", "SEI Stackpole"] },
  { id: "koa", name: "KOA Speer", aliases: ["KOA", "KOA Speer Electronics"] },
  { id: "susumu", name: "Susumu", aliases: ["Susumu Co."] },
  { id: "coilcraft", name: "Coilcraft", aliases: ["Coilcraft Inc."] },
  { id: "nichicon", name: "Nichicon", aliases: ["尼吉康"] },
  { id: "rubycon", name: "Rubycon", aliases: ["红宝石"] },
  {
    id: "broadcom",
    name: "Broadcom",
    aliases: ["Avago", "Avago Technologies", "Avago Technologies US Inc.", "博通"],
  },
  { id: "allegro", name: "Allegro MicroSystems", aliases: ["Allegro", "埃戈罗", "美国埃戈罗"] },
  {
    id: "ftdi",
    name: "FTDI",
    aliases: ["Future Technology Devices International", "FTDI, Future Technology Devices International Ltd"],
  },
  { id: "skyworks", name: "Skyworks Solutions", aliases: ["Skyworks"] },
  { id: "qorvo", name: "Qorvo", aliases: ["RFMD", "TriQuint"] },
  { id: "mini-circuits", name: "Mini-Circuits", aliases: ["Mini Circuits", "MiniCircuits"] },
  { id: "sullins", name: "Sullins Connector Solutions", aliases: ["Sullins"] },
  { id: "3m", name: "3M", aliases: ["3M Electronic Solutions"] },
  { id: "bosch", name: "Bosch Sensortec", aliases: ["Bosch", "博世"] },
  { id: "semtech", name: "Semtech", aliases: ["Semtech Corporation"] },
  { id: "monolithic-power", name: "Monolithic Power Systems", aliases: ["MPS", "芯源"] },
  { id: "richtek", name: "Richtek", aliases: ["Richtek Technology", "立锜"] },
  { id: "wch", name: "WCH", aliases: ["Nanjing Qinheng Microelectronics", "沁恒"] },
  { id: "gigadevice", name: "GigaDevice", aliases: ["GigaDevice Semiconductor", "兆易创新"] },
  { id: "c-k", name: "C&K", aliases: ["C&K Components", "CK Components"] },
  { id: "e-switch", name: "E-Switch", aliases: ["E Switch"] },
  { id: "lcsc-xkb", name: "XKB Connectivity", aliases: ["XKB", "星坤"] },
  { id: "hroparts", name: "HRO Electronics", aliases: ["HRO", "Korean Hroparts Elec", "韩国HRO"] },
];

const COMPANY_WORDS = new Set([
  "inc",
  "incorporated",
  "ltd",
  "limited",
  "gmbh",
  "corp",
  "corporation",
  "co",
  "company",
  "llc",
  "ag",
  "sa",
  "bv",
  "plc",
  "kk",
  "electronics",
  "electronic",
  "elektronik",
  "semiconductor",
  "semiconductors",
  "technology",
  "technologies",
  "components",
  "mfg",
  "manufacturing",
  "international",
  "group",
  "usa",
  "america",
  "north",
]);

/**
 * The text two manufacturer names are compared by: accents, case and punctuation off, company-form
 * words (Inc., Ltd., GmbH, Corp., Electronics, Semiconductor…) dropped. LCSC writes Chinese names in
 * brackets after the Latin one ("UNI-ROYAL(厚声)"): the bracket goes when a Latin name is left.
 */
export function normaliseManufacturerKey(name: string): string {
  const folded = name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/ß/g, "ss");
  const withoutBrackets = folded.replace(/[(（[【][^)）\]】]*[)）\]】]/g, " ");
  const latin = keyOf(withoutBrackets);
  if (latin !== "") return latin;
  // Only the bracket (or only Chinese) was there: compare that, so "国巨" still finds Yageo.
  return keyOf(folded.replace(/[(（)）[\]【】]/g, " "));
}

function keyOf(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  const meaningful = words.filter((word) => !COMPANY_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).join("");
}

const BY_KEY: Map<string, Manufacturer> = (() => {
  const map = new Map<string, Manufacturer>();
  for (const manufacturer of MANUFACTURERS) {
    for (const name of [manufacturer.name, manufacturer.id, ...manufacturer.aliases]) {
      const key = normaliseManufacturerKey(name);
      if (key !== "" && !map.has(key)) map.set(key, manufacturer);
    }
  }
  return map;
})();

/** The canonical maker a BOM's manufacturer text names, or null when it is not on the list. */
export function canonicalManufacturer(name: string): { id: string; name: string } | null {
  const key = normaliseManufacturerKey(name);
  if (key === "") return null;
  const manufacturer = BY_KEY.get(key);
  return manufacturer ? { id: manufacturer.id, name: manufacturer.name } : null;
}
