import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhotoGallery, thumbnailSize } from './PhotoGallery';
import { customerPhotoUrls } from './customer-urls';
import { officePhotoUrls } from './office-urls';

describe('PhotoGallery', () => {
  it('shows each photo as a thumbnail linking to the full image, with its alternative text', () => {
    render(
      <PhotoGallery
        photos={[
          { id: 4, width: 2560, height: 1920 },
          { id: 9, width: 300, height: 400 },
        ]}
        urls={customerPhotoUrls}
        label="Photos"
        alt={(n, count) => `Photo ${n} of ${count}`}
      />,
    );
    const list = screen.getByRole('list', { name: 'Photos' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/work-order-photos/4', '/api/work-order-photos/9']);
    expect(links[0]).toHaveAccessibleName('Photo 1 of 2');
    const image = screen.getByAltText('Photo 2 of 2');
    expect(image).toHaveAttribute('src', '/api/work-order-photos/9/thumbnail');
    expect(image).toHaveAttribute('width', '240');
    expect(image).toHaveAttribute('height', '320');
  });

  it('shows nothing without photos', () => {
    const { container } = render(<PhotoGallery photos={[]} urls={officePhotoUrls} label="Photos" alt={() => ''} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("the office's URLs are the office routes", () => {
    expect(officePhotoUrls.thumbnail(3)).toBe('/api/office/work-order-photos/3/thumbnail');
    expect(thumbnailSize({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
  });
});
