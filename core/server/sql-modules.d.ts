// SQL migrations are imported as text (`?raw`), by rspack's asset/source rule and by Vite.
declare module '*.sql?raw' {
  const sql: string;
  export default sql;
}
