/**
 * What the catalogue import tells a store about its file: each row error's
 * message and each skipped product's reason, in one place so the import
 * screen, the command and the tests read the same words.
 */
export const IMPORT_MESSAGES = {
  unknownFile: 'Unknown file: the header matches no Shopify or WooCommerce product CSV',
  unreadableFile: 'The file cannot be read from this line on: a quoted field is not closed or is too long',
  handleMissing: 'Handle is missing',
  titleMissing: 'Title is missing',
  nameMissing: 'Name is missing',
  typeMissing: 'Type is missing',
  priceMissing: 'Price is missing',
  priceNotNumber: 'Price is not a number',
  priceHasComma: 'Price must be written without thousands separators (1299.00, not 1,299.00)',
  priceNegative: 'Price cannot be negative',
  stockNotWhole: 'Stock is not a whole number',
  stockNegative: 'Stock cannot be negative',
  statusUnknown: 'Status must be active, draft or archived',
  noVariations: 'Variable product has no variations',
  skuTaken: (sku: string, line: number) => `SKU ${sku} is used by another product (line ${line})`,
  skuRepeated: (sku: string, line: number) => `SKU ${sku} is used by another variant of this product (line ${line})`,
  handleTaken: (handle: string, line: number) => `Handle ${handle} is used by another product (line ${line})`,
  variationWithoutParent: (parent: string) =>
    `This variation does not follow its variable product (Parent ${parent || 'is empty'}): put it right after that product's row`,
  // Why a product the store does not sell here is left out (ImportSkip.reason).
  giftCardSkipped: 'Gift cards are not sold as products',
  downloadableSkipped: 'Downloadable products are not sold here',
  virtualSkipped: 'Virtual products are not sold here',
  groupedSkipped: 'Grouped products are not sold here: their products are imported one by one',
  externalSkipped: 'External (affiliate) products are not sold here',
  typeSkipped: (type: string) => `Products of type ${type} are not sold here`,
} as const;
