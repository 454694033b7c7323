/** One series of bars: a value per category, as exact decimal strings (null: no value there). */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly values: readonly (string | null)[];
  /** The bars' colour, a theme token (a CSS variable) when it means something (revenue green, cost red); else the chart's next. */
  readonly color?: string;
}

export interface BarChartProps {
  /** Read out as the figure's name and drawn as the chart's title. */
  readonly title: string;
  /** The x axis, one group of bars each; every series has one value per category. */
  readonly categories: readonly string[];
  readonly series: readonly ChartSeries[];
  /** How a bar's tooltip shows its exact value (a money amount, a count). */
  readonly formatValue: (value: string) => string;
  /** The currency of every value, written on the value axis beside its short figures; none for counts. */
  readonly currency?: string;
  readonly height?: number;
}
