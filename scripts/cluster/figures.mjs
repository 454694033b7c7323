// The figures the cluster test prints: one row per measured thing, in the order measured.
export class Figures {
  rows = [];

  add(what, value) {
    this.rows.push([what, String(value)]);
  }

  print() {
    if (this.rows.length === 0) return;
    const width = Math.max(...this.rows.map(([what]) => what.length));
    console.log(`\n${'figure'.padEnd(width)}  value`);
    for (const [what, value] of this.rows) console.log(`${what.padEnd(width)}  ${value}`);
  }
}
