export const SALE_BATCH_MAX = 50;
