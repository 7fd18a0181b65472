/** Types of scripts/chromium.mjs (plain JS so scripts/test.mjs can import it without a build). */
export declare const SYSTEM_CHROMIUMS: string[];
export declare function findChromium(o?: { env?: Record<string, string | undefined>; system?: string[] }): Promise<{
  executablePath: string;
  env: Record<string, string>;
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}>;
