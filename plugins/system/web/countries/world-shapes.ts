/*
 * The world's countries as SVG paths: Natural Earth 1:110m (world-atlas) drawn with d3-geo's
 * Natural Earth projection. Imported only by a dynamic import, so the map's code and data are a
 * chunk of their own that only the country-languages page fetches.
 */
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import countries110m from 'world-atlas/countries-110m.json';

/** The SVG's own units; the map scales to the width it is given. */
export const MAP_SIZE = { width: 960, height: 500 } as const;

export interface CountryShape {
  /** Unique among the shapes (the atlas leaves a few disputed areas without an ISO code). */
  readonly key: string;
  /** The ISO 3166-1 numeric code: the core countries' id; null for an area without one. */
  readonly id: number | null;
  /** The atlas's English name, until the core's name is known. */
  readonly name: string;
  /** The outline, an SVG path in MAP_SIZE units. */
  readonly d: string;
}

type Topology = Parameters<typeof feature>[0];
type CountryObjects = Parameters<typeof feature>[1];

/** The topology's countries (the JSON's inferred type is too wide for topojson-client's own). */
function countriesOf(topology: unknown): { readonly topology: Topology; readonly countries: CountryObjects } {
  const typed = topology as Topology;
  const countries = typed.objects.countries;
  if (!countries) throw new Error('world-atlas: no countries object');
  return { topology: typed, countries };
}

export interface WorldMapShapes {
  /** The whole globe's outline: the ocean behind the countries. */
  readonly sphere: string;
  readonly countries: readonly CountryShape[];
}

/** Every country of `topology` (Natural Earth 1:110m unless a test gives a small one) projected to MAP_SIZE. */
export function worldShapes(topology: unknown = countries110m): WorldMapShapes {
  const { topology: typed, countries } = countriesOf(topology);
  const collection = feature(typed, countries);
  const features = 'features' in collection ? collection.features : [collection];
  const draw = geoPath(geoNaturalEarth1().fitSize([MAP_SIZE.width, MAP_SIZE.height], { type: 'Sphere' }));
  const shapes = features.flatMap((country, index): CountryShape[] => {
    const d = draw(country);
    if (!d) return [];
    const code = country.id === undefined ? NaN : Number(country.id);
    const id = Number.isInteger(code) && code > 0 ? code : null;
    const name = typeof country.properties?.name === 'string' ? country.properties.name : '';
    return [{ key: id === null ? `area-${index}` : String(id), id, name, d }];
  });
  return { sphere: draw({ type: 'Sphere' }) ?? '', countries: shapes };
}
