declare module "geoip-country" {
  interface Lookup {
    country: string;
    range: [number, number];
  }
  const geoip: { lookup(ip: string): Lookup | null };
  export default geoip;
}
