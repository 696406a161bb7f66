declare module 'vnu-jar' {
  /** Absolute path of vnu.jar. */
  const path: string;
  export default path;
}
