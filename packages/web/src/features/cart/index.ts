// What the top bar, item page and collection page mount (through app/, which joins the slices).
export { CartButton } from './CartButton';
export { CartToggle } from './CartToggle';
export { SweepControl } from './SweepControl';
