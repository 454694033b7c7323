import { describe, expect, it } from 'vitest';
import { offerPreviewUrl, streamLink } from '@plugins/tracker/shared/links';

describe('offerPreviewUrl', () => {
  it('appends the advertiser’s params to the landing URL’s query, keeping its own', () => {
    expect(offerPreviewUrl('https://land.example.com/lp?lang=de', { aff_id: '42', source: 'fb' })).toBe(
      'https://land.example.com/lp?lang=de&aff_id=42&source=fb',
    );
  });

  it('replaces a param the landing URL already has with the advertiser’s value', () => {
    expect(offerPreviewUrl('https://land.example.com/?aff_id=1&x=2', { aff_id: '42' })).toBe(
      'https://land.example.com/?x=2&aff_id=42',
    );
  });

  it('keeps Keitaro macros as written and encodes everything else', () => {
    expect(offerPreviewUrl('https://land.example.com/', { click: '{clickid}', 'sub 1': 'a&b' })).toBe(
      'https://land.example.com/?click={clickid}&sub%201=a%26b',
    );
  });

  it('leaves the URL as it is without params, and has no preview for a URL that is not http(s)', () => {
    expect(offerPreviewUrl('https://land.example.com/lp', {})).toBe('https://land.example.com/lp');
    expect(offerPreviewUrl('not a url', { a: '1' })).toBeNull();
    expect(offerPreviewUrl('ftp://land.example.com/', { a: '1' })).toBeNull();
  });
});

describe('streamLink', () => {
  it('is the tracker’s server, its slug and the campaign', () => {
    expect(streamLink({ serverUrl: 'https://k1.example.com', trackerSlug: 'main', campaignId: 1201 })).toBe(
      'https://k1.example.com/main/1201',
    );
  });

  it('keeps a server’s path and names the Keitaro stream once synced', () => {
    expect(
      streamLink({
        serverUrl: 'https://k1.example.com/tracker/',
        trackerSlug: 'eu-2',
        campaignId: 7,
        keitaroStreamId: 99,
      }),
    ).toBe('https://k1.example.com/tracker/eu-2/7?stream=99');
  });

  it('has no link for a server URL that is not http(s)', () => {
    expect(streamLink({ serverUrl: 'k1.example.com', trackerSlug: 'main', campaignId: 1 })).toBeNull();
  });
});
