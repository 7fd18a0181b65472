export const strings: Record<string, Record<string, string>> = { 'zh-CN': {}, 'zh-TW': {}, en: {} };
