import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GALLERY_PHOTOS, type GalleryPhoto } from '../components/gallery-photos';
import { renderWithProviders } from '../app/test-providers';
import { GalleryPage } from './gallery-page';

function enlargeButtons(): HTMLElement[] {
  return screen.queryAllByRole('button', { name: /^Enlarge:/ });
}

describe('GalleryPage', () => {
  it('shows all 11 photos under the default All Photos filter', () => {
    renderWithProviders(<GalleryPage />);
    expect(GALLERY_PHOTOS).toHaveLength(11);
    expect(enlargeButtons()).toHaveLength(11);
    expect(screen.getByRole('button', { name: 'All Photos' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('filters by category', () => {
    renderWithProviders(<GalleryPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Equipment' }));
    expect(enlargeButtons()).toHaveLength(
      GALLERY_PHOTOS.filter((p) => p.category === 'Equipment').length,
    );
    fireEvent.click(screen.getByRole('button', { name: '4x4 Recovery' }));
    expect(enlargeButtons()).toHaveLength(4);
    expect(screen.getByRole('button', { name: '4x4 Recovery' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says so when a category has no photos', () => {
    const towingOnly: GalleryPhoto[] = GALLERY_PHOTOS.filter((p) => p.category === 'Towing');
    renderWithProviders(<GalleryPage photos={towingOnly} />);
    fireEvent.click(screen.getByRole('button', { name: 'Equipment' }));
    expect(screen.getByText('No images found for this category.')).toBeTruthy();
    expect(enlargeButtons()).toHaveLength(0);
  });

  it("shows 'Image unavailable' for a picture that fails to load", () => {
    const broken: GalleryPhoto = {
      ...GALLERY_PHOTOS[0]!,
      src: '/gallery/missing.svg',
      title: 'Broken',
      alt: 'A missing picture',
    };
    renderWithProviders(<GalleryPage photos={[broken]} />);
    fireEvent.error(screen.getByAltText('A missing picture'));
    expect(screen.getByText('Image unavailable')).toBeTruthy();
  });

  it("shows 'Image unavailable' when the picture failed before the page hydrated", () => {
    // The pre-rendered <img> can fail before React attaches onError: finished, with no pixels.
    const complete = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const width = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    try {
      renderWithProviders(<GalleryPage photos={[GALLERY_PHOTOS[0]!]} />);
      expect(screen.getByText('Image unavailable')).toBeTruthy();
    } finally {
      complete.mockRestore();
      width.mockRestore();
    }
  });

  it('opens the clicked photo enlarged in a dialog', async () => {
    renderWithProviders(<GalleryPage />);
    const photo = GALLERY_PHOTOS[4]!;
    fireEvent.click(screen.getByRole('button', { name: `Enlarge: ${photo.title}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(photo.description);
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
