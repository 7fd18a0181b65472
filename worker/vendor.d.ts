/** Types for the parts of dependencies that ship none. */

/** OpenCC's traditional → simplified character table, as `opencc-js/core`'s `CustomConverter` takes it. */
declare module 'opencc-js/dict/TSCharacters' {
  const dict: string;
  export default dict;
}
