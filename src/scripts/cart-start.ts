/** The page's start for the cart (src/stores/cart-sync.ts): explicit here, never a side effect of importing the store. */
import { startCart } from '../stores/cart-sync.ts';

startCart();
