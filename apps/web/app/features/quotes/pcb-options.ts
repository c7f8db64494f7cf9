/** A version of one of the company's PCB specifications that a request line may refer to. */
export interface PcbOption {
  spec_id: string;
  version_id: string;
  number: string;
  name: string;
  version: number;
}

export interface PcbOptions {
  options: PcbOption[];
  /** The company has more active specifications than the dialog offers. */
  more: boolean;
  /** The version the dialog opens with, from the specification's "Request a quote". */
  preselect: PcbOption | null;
}

/** How many specifications the request dialog offers (the most recently changed). */
export const PCB_OPTIONS_MAX = 100;
