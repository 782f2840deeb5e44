import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { styleOf } from './map-style';

describe('styleOf', () => {
  it('uses a configured style URL as it is', () => {
    expect(
      styleOf(
        { kind: 'style', styleUrl: 'https://tiles.example/style.json' },
        'https://app.example',
      ),
    ).toBe('https://tiles.example/style.json');
  });

  it('draws the server’s own PMTiles file with the Protomaps style, without labels when it has no fonts', () => {
    const style = styleOf(
      { kind: 'pmtiles', pmtilesUrl: '/map/tiles.pmtiles', glyphsUrl: null },
      'https://app.example',
    ) as StyleSpecification;
    expect(style.sources.protomaps).toMatchObject({
      type: 'vector',
      url: 'pmtiles://https://app.example/map/tiles.pmtiles',
    });
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.length).toBeGreaterThan(10);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });

  it('keeps the labels when the server names fonts', () => {
    const style = styleOf(
      {
        kind: 'pmtiles',
        pmtilesUrl: '/map/tiles.pmtiles',
        glyphsUrl: '/fonts/{fontstack}/{range}.pbf',
      },
      'https://app.example',
    ) as StyleSpecification;
    expect(style.glyphs).toBe('/fonts/{fontstack}/{range}.pbf');
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(true);
  });
});
