/** The gallery's pictures: drawn illustrations shipped in public/gallery/. */
type GalleryCategory = 'Towing' | '4x4 Recovery' | 'Equipment';

export interface GalleryPhoto {
  src: string;
  alt: string;
  title: string;
  description: string;
  category: GalleryCategory;
}

export const GALLERY_FILTERS = [
  { label: 'All Photos', value: 'all' },
  { label: 'Towing', value: 'Towing' },
  { label: '4x4 Recovery', value: '4x4 Recovery' },
  { label: 'Equipment', value: 'Equipment' },
] as const;

export type GalleryFilter = (typeof GALLERY_FILTERS)[number]['value'];

export const GALLERY_PHOTOS: readonly GalleryPhoto[] = [
  {
    src: '/gallery/tow-truck-highway.svg',
    alt: 'Red tow truck towing a white sedan along the highway with flat-topped ranges behind',
    title: 'Highway breakdown tow',
    description:
      'A sedan that lost its cooling system on the North West Coastal Highway, towed back to Karratha the same afternoon.',
    category: 'Towing',
  },
  {
    src: '/gallery/flatbed-karratha.svg',
    alt: 'Tilt-tray truck carrying a red car on its tray past town buildings',
    title: 'Tilt-tray into town',
    description:
      'Low cars and non-runners ride on the tilt-tray, strapped down and delivered to the workshop in Karratha.',
    category: 'Towing',
  },
  {
    src: '/gallery/night-callout.svg',
    alt: 'Tow truck with headlights on beside a broken-down car at night under the stars',
    title: 'Night call-out on Dampier Road',
    description:
      'Midnight breakdown on Dampier Road: one of the owners came out and had it on the truck that night.',
    category: 'Towing',
  },
  {
    src: '/gallery/mine-site-heavy-tow.svg',
    alt: 'Yellow heavy-duty tow truck with a white work ute on a mine access road',
    title: 'Mine site access road',
    description:
      'A contractor ute with a failed gearbox recovered from a mine site access road after site induction.',
    category: 'Towing',
  },
  {
    src: '/gallery/winch-red-dirt.svg',
    alt: 'White 4x4 sunk in red bulldust being winched out by a tow truck while a worker watches',
    title: 'Winched out of bulldust',
    description:
      'A LandCruiser buried to the axles in bulldust, winched out with a snatch block and back on the track in an hour.',
    category: '4x4 Recovery',
  },
  {
    src: '/gallery/creek-crossing.svg',
    alt: 'Green 4x4 stuck in a creek crossing being pulled out by another 4x4 on the bank',
    title: 'Creek crossing near Millstream',
    description:
      'A flooded creek crossing on the way to Millstream. Recovered from the far bank with the winch line.',
    category: '4x4 Recovery',
  },
  {
    src: '/gallery/beach-recovery.svg',
    alt: 'Red 4x4 bogged in beach sand being snatched out by a white 4x4 with an orange strap',
    title: 'Beach recovery at Point Samson',
    description:
      'Tide coming in, tyres still at highway pressure. A snatch strap and some air down had it free in minutes.',
    category: '4x4 Recovery',
  },
  {
    src: '/gallery/bogged-station-track.svg',
    alt: 'White 4x4 bogged in mud on a station track at sunset with a worker carrying recovery boards',
    title: 'Bogged after the rain',
    description:
      'Station tracks turn to glue after a summer storm. Recovery boards and patience did the job.',
    category: '4x4 Recovery',
  },
  {
    src: '/gallery/our-tow-truck.svg',
    alt: 'Our red heavy-duty tow truck parked in front of the depot sheds',
    title: 'Our heavy-duty tow truck',
    description:
      'One of our two trucks: a heavy-duty wrecker with an under-lift and boom for recoveries up to light trucks.',
    category: 'Equipment',
  },
  {
    src: '/gallery/recovery-gear.svg',
    alt: 'Recovery boards, a coiled snatch strap, bow shackles, a winch and a toolbox laid out',
    title: 'Recovery kit',
    description:
      'Recovery boards, rated snatch straps, bow shackles and a spare winch: every truck carries a full kit.',
    category: 'Equipment',
  },
  {
    src: '/gallery/mobile-workshop.svg',
    alt: 'Service ute with drawers, a diagnostic scanner showing a graph and a wrench',
    title: 'Mobile workshop',
    description:
      'The service ute carries tools, common parts and a diagnostic scanner, so many repairs happen on the spot.',
    category: 'Equipment',
  },
];

/** The photos of a filter value ('all' shows everything). */
export function photosFor(
  filter: GalleryFilter,
  photos: readonly GalleryPhoto[] = GALLERY_PHOTOS,
): GalleryPhoto[] {
  return filter === 'all' ? [...photos] : photos.filter((photo) => photo.category === filter);
}
