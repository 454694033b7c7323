import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text, Toolbar, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useLocaleFormat } from '@core/sdk/web';
import { panBy, WHOLE_WORLD, zoomAt, type MapSize, type MapView } from './map-view';
import type { CountryShape, WorldMapShapes } from './world-shapes';
import { canZoomIn, canZoomOut, zoomIn, zoomOut } from './zoom';

const useStyles = makeStyles({
  frame: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: 0 },
  zoom: { minWidth: '7em', fontVariantNumeric: 'tabular-nums' },
  svg: {
    display: 'block',
    width: '100%',
    // Height follows the width (the frame's aspect), so pointer positions map straight to map units.
    maxWidth: '1100px',
    height: 'auto',
    touchAction: 'none',
    cursor: 'grab',
    borderRadius: tokens.borderRadiusMedium,
    userSelect: 'none',
  },
  dragging: { cursor: 'grabbing' },
  ocean: { fill: tokens.colorNeutralBackground3 },
  country: {
    stroke: tokens.colorNeutralBackground1,
    strokeWidth: '0.5px',
    cursor: 'pointer',
    outlineStyle: 'none',
    ':focus-visible': { stroke: tokens.colorStrokeFocus2, strokeWidth: '2px' },
  },
  // A stroke grey, not a background one: dark theme's background greys are near black, on a near-black ocean.
  without: { fill: tokens.colorNeutralStroke1, ':hover': { fill: tokens.colorNeutralStroke1Hover } },
  with: { fill: tokens.colorBrandBackground, ':hover': { fill: tokens.colorBrandBackgroundHover } },
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'center' },
  swatch: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusSmall,
    marginRight: tokens.spacingHorizontalXS,
    verticalAlign: 'middle',
  },
  swatchWith: { backgroundColor: tokens.colorBrandBackground },
  swatchWithout: { backgroundColor: tokens.colorNeutralStroke1 },
  hover: { minHeight: '1.5em' },
});

/** Moving the pointer less than this (frame units) between press and release is a click, not a drag. */
const CLICK_SLOP = 4;

export interface WorldMapProps {
  readonly shapes: WorldMapShapes;
  readonly size: MapSize;
  /** Countries (by id) that have languages: they are coloured. */
  readonly coloured: ReadonlySet<number>;
  readonly nameOf: (country: CountryShape) => string;
  /** What hovering or focusing a country says after its name (its languages). */
  readonly describe: (country: CountryShape) => string;
  readonly onSelect: (country: CountryShape) => void;
}

interface Drag {
  readonly pointer: number;
  readonly lastX: number;
  readonly lastY: number;
  readonly moved: number;
}

/**
 * The world map: countries coloured when they have languages, the name on hover, a dialog on
 * click or Enter; zoom with the buttons or the wheel on the levels of zoom.ts, drag to pan.
 * Countries with languages are in the tab order; every other country is reached by pointer, or by
 * adding it from the list below.
 */
export function WorldMap({ shapes, size, coloured, nameOf, describe, onSelect }: WorldMapProps) {
  const { t } = useTranslation('system');
  const format = useLocaleFormat();
  const styles = useStyles();
  const titleId = useId();
  const descriptionId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<MapView>(WHOLE_WORLD);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [hovered, setHovered] = useState<CountryShape | null>(null);
  // A press that ended a drag is not a click on the country under it.
  const suppressClick = useRef(false);

  /** A point of the page in the map frame's units. */
  const toFrame = (clientX: number, clientY: number): [number, number] => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return [size.width / 2, size.height / 2];
    return [((clientX - box.left) * size.width) / box.width, ((clientY - box.top) * size.height) / box.height];
  };
  const frameScale = (): number => {
    const box = svgRef.current?.getBoundingClientRect();
    return box && box.width > 0 ? size.width / box.width : 1;
  };

  const zoomTo = (level: number, px = size.width / 2, py = size.height / 2) =>
    setView((current) => zoomAt(current, level, px, py, size));

  // React's wheel listener is passive; this one stops the page from scrolling while the map zooms.
  const wheelRef = useRef<(event: WheelEvent) => void>(() => undefined);
  wheelRef.current = (event: WheelEvent) => {
    event.preventDefault();
    const [px, py] = toFrame(event.clientX, event.clientY);
    setView((current) =>
      zoomAt(current, event.deltaY < 0 ? zoomIn(current.zoom) : zoomOut(current.zoom), px, py, size),
    );
  };
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const listener = (event: WheelEvent) => wheelRef.current(event);
    svg.addEventListener('wheel', listener, { passive: false });
    return () => svg.removeEventListener('wheel', listener);
  }, []);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    suppressClick.current = false;
    setDrag({ pointer: event.pointerId, lastX: event.clientX, lastY: event.clientY, moved: 0 });
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag || drag.pointer !== event.pointerId) return;
    const scale = frameScale();
    const dx = (event.clientX - drag.lastX) * scale;
    const dy = (event.clientY - drag.lastY) * scale;
    const moved = drag.moved + Math.abs(dx) + Math.abs(dy);
    if (moved > CLICK_SLOP && drag.moved <= CLICK_SLOP) svgRef.current?.setPointerCapture?.(event.pointerId);
    setDrag({ ...drag, lastX: event.clientX, lastY: event.clientY, moved });
    if (moved > CLICK_SLOP) setView((current) => panBy(current, dx, dy, size));
  };
  const endDrag = () => {
    if (drag && drag.moved > CLICK_SLOP) suppressClick.current = true;
    setDrag(null);
  };

  const select = (country: CountryShape) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onSelect(country);
  };
  const onCountryKey = (event: KeyboardEvent<SVGPathElement>, country: CountryShape) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(country);
  };

  const zoomLabel = t('countryMap.zoom', { zoom: format.number(view.zoom) });
  const transform = `translate(${view.x} ${view.y}) scale(${view.zoom})`;

  return (
    <div className={styles.frame}>
      <Toolbar className={styles.bar} aria-label={t('countryMap.title')}>
        <Tooltip content={t('countryMap.zoomOut')} relationship="label">
          <Button
            icon={<ZoomOutRegular />}
            disabled={!canZoomOut(view.zoom)}
            onClick={() => zoomTo(zoomOut(view.zoom))}
          />
        </Tooltip>
        <Text className={styles.zoom} aria-live="polite" data-map-zoom={view.zoom}>
          {zoomLabel}
        </Text>
        <Tooltip content={t('countryMap.zoomIn')} relationship="label">
          <Button icon={<ZoomInRegular />} disabled={!canZoomIn(view.zoom)} onClick={() => zoomTo(zoomIn(view.zoom))} />
        </Tooltip>
        <Button
          icon={<ArrowResetRegular />}
          disabled={view.zoom === WHOLE_WORLD.zoom}
          onClick={() => setView(WHOLE_WORLD)}
        >
          {t('countryMap.reset')}
        </Button>
      </Toolbar>
      <svg
        ref={svgRef}
        className={mergeClasses(styles.svg, drag !== null && drag.moved > CLICK_SLOP && styles.dragging)}
        viewBox={`0 0 ${size.width} ${size.height}`}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <title id={titleId}>{t('countryMap.title')}</title>
        <desc id={descriptionId}>{t('countryMap.description')}</desc>
        <g transform={transform}>
          <path className={styles.ocean} d={shapes.sphere} />
          {shapes.countries.map((country) => {
            const name = nameOf(country);
            const has = country.id !== null && coloured.has(country.id);
            return (
              <path
                key={country.key}
                d={country.d}
                className={mergeClasses(styles.country, has ? styles.with : styles.without)}
                vectorEffect="non-scaling-stroke"
                role={country.id === null ? 'img' : 'button'}
                tabIndex={has ? 0 : -1}
                aria-label={name}
                data-country={country.id ?? undefined}
                data-has-languages={has ? 'true' : 'false'}
                onClick={country.id === null ? undefined : () => select(country)}
                onKeyDown={country.id === null ? undefined : (event) => onCountryKey(event, country)}
                onPointerEnter={() => setHovered(country)}
                onPointerLeave={() => setHovered((current) => (current === country ? null : current))}
                onFocus={() => setHovered(country)}
              >
                <title>{name}</title>
              </path>
            );
          })}
        </g>
      </svg>
      <Text className={styles.hover} data-map-hovered>
        {hovered
          ? t('countryMap.hovered', { country: nameOf(hovered), languages: describe(hovered) })
          : t('countryMap.hint')}
      </Text>
      <div className={styles.legend}>
        <Text size={200}>
          <span className={mergeClasses(styles.swatch, styles.swatchWith)} aria-hidden />
          {t('countryMap.legendWith')}
        </Text>
        <Text size={200}>
          <span className={mergeClasses(styles.swatch, styles.swatchWithout)} aria-hidden />
          {t('countryMap.legendWithout')}
        </Text>
      </div>
    </div>
  );
}
