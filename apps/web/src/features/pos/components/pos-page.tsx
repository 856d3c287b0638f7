import { Grid, Kbd, Paper, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PopupSelect } from '../../../components/popups/deferred';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useRegisterTiles } from '../api/pos.api';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { useCartBranch } from '../hooks/use-cart-branch';
import { useCheckout, usePrinterTest } from '../hooks/use-checkout';
import { useOfflineRegister } from '../hooks/use-offline-register';
import { useProductLookups } from '../hooks/use-product-lookups';
import { useRegisterCategories } from '../hooks/use-register-categories';
import { useRegisterHotkeys } from '../hooks/use-register-hotkeys';
import { useScansToCart } from '../hooks/use-scans-to-cart';
import { cartAccount, cartCredit, cartStore, cartTotals, useActiveCart, useCartStore } from '../store/cart-store';
import { exchangeFigures } from '../store/exchange';
import { loadScannerSettings, withoutAffixes } from '../store/scanner-settings';
import { useWeightRequest } from '../store/weight-entry';
import { ApprovalDialogs, useIsApprovalOpen } from './approval-dialogs';
import { CartPanel } from './cart-panel';
import {
  LazyPaymentModal,
  MountOnFirstOpen,
  PriceCheckModal,
  PriceCheckResultModal,
  ShortcutsModal,
} from './lazy-dialogs';
import { NoBranchNotice } from './no-branch-notice';
import classes from './pos.module.css';
import { ProductTiles } from './product-tiles';
import { RegisterHeader } from './register-header';
import { WeightDialog } from './weight-dialog';

export const SEARCH_DEBOUNCE_MS = 300;

type OpenModal = 'payment' | 'help' | 'price-check' | null;

export function PosPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  useCartBranch(branchId);
  useOfflineRegister(branchId);

  const barcodeRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [barcode, setBarcode] = useState('');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const tiles = useRegisterTiles({ branchId, search: debouncedSearch, categoryId });
  const tileProducts = useMemo(() => tiles.data?.pages.flatMap((p) => p.data) ?? [], [tiles.data]);
  const firstPageMeta = tiles.data?.pages[0]?.meta;
  const { options: categoryOptions } = useRegisterCategories(branchId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another branch has other categories
  useEffect(() => setCategoryId(null), [branchId]);

  const [modal, setModal] = useState<OpenModal>(null);
  const { scan, checkPrice, priceResult, setPriceResult, isCheckingPrice } = useProductLookups(branchId);
  const approvalOpen = useIsApprovalOpen();
  // The weight dialog too: a scan meanwhile is held, and the keys wait, as with the others.
  const weighing = useWeightRequest() !== null;
  const anyModalOpen = modal !== null || priceResult !== null || weighing;
  const anyModalOpenRef = useRef(anyModalOpen);
  anyModalOpenRef.current = anyModalOpen;
  const dialogOpenRef = useRef(false);
  dialogOpenRef.current = anyModalOpen || approvalOpen;
  const addHeldScans = useScansToCart({ scan, dialogOpenRef });

  const cart = useActiveCart();
  const addCart = useCartStore((s) => s.addCart);
  const totals = cartTotals(cart);
  const isEmpty = cart.items.length === 0;
  const addToCart = useAddToCart();
  const { pay, payExchange, isPaying } = useCheckout();
  // An exchange: the returned items pay the new ones as far as they reach; Payment takes the rest.
  const exchange = exchangeFigures(cart);
  const printerTest = usePrinterTest();

  const focusBarcode = useCallback(() => {
    // After a dialog closed: unless another one opened meanwhile (the price check entry -> its result).
    if (anyModalOpenRef.current) return;
    barcodeRef.current?.focus();
    void addHeldScans();
  }, [addHeldScans]);

  // Fresh stock on the tiles (after a sale, say) becomes the cart lines' limit.
  useEffect(() => {
    if (tileProducts.length > 0) cartStore.getState().syncStock(tileProducts);
  }, [tileProducts]);

  const openPayment = () => {
    if (cartStore.getState().carts.find((c) => c.id === cart.id)?.items.length) {
      // The key of this payment: made now, reused by every retry until the cart changes or is sold.
      cartStore.getState().ensurePaymentKey(cart.id);
      setModal('payment');
    }
  };

  useRegisterHotkeys(!anyModalOpen, {
    focusSearch: () => searchRef.current?.focus(),
    focusBarcode: () => barcodeRef.current?.focus(),
    openPayment,
    newCart: () => {
      addCart();
      barcodeRef.current?.focus();
    },
    openHelp: () => setModal('help'),
  });

  if (!branch) return <NoBranchNotice isSelecting={isSelecting} />;

  return (
    <Stack gap="md">
      <RegisterHeader branch={branch} onDialogExited={focusBarcode} onHelp={() => setModal('help')} />

      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Grid gap="sm">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    ref={barcodeRef}
                    // The scanner's field: focused on arrival and after every dialog.
                    autoFocus
                    data-barcode-input
                    data-scan-input
                    label="Barcode"
                    placeholder="Scan or type a barcode, then Enter"
                    leftSection={<IconBarcode size={16} />}
                    rightSection={<Kbd size="xs">↵</Kbd>}
                    autoComplete="off"
                    value={barcode}
                    onChange={(e) => setBarcode(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      const code = withoutAffixes(barcode.trim(), loadScannerSettings());
                      setBarcode('');
                      if (code) void scan(code);
                    }}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    ref={searchRef}
                    label="Search Products"
                    placeholder="Name or SKU"
                    leftSection={<IconSearch size={16} />}
                    autoComplete="off"
                    value={search}
                    onChange={(e) => setSearch(e.currentTarget.value)}
                  />
                </Grid.Col>
              </Grid>
              <PopupSelect
                label="Category"
                placeholder="All categories"
                data={categoryOptions}
                value={categoryId}
                onChange={setCategoryId}
                clearable
                searchable
                nothingFoundMessage="No categories"
              />
              <div className={classes.tilesArea}>
                <ProductTiles
                  products={tileProducts}
                  isLoading={tiles.isLoading}
                  isSearching={debouncedSearch !== '' || categoryId !== null}
                  total={firstPageMeta?.total ?? tileProducts.length}
                  isTotalCapped={firstPageMeta?.totalCapped === true}
                  hasMore={tiles.hasNextPage}
                  isLoadingMore={tiles.isFetchingNextPage}
                  onLoadMore={() => void tiles.fetchNextPage()}
                  onAdd={(product, viaKeyboard) => {
                    addToCart(product);
                    // A tap or click returns to the scanner's field; from the keyboard the focus stays on the tile.
                    if (!viaKeyboard) barcodeRef.current?.focus();
                  }}
                />
              </div>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CartPanel
            isEmpty={isEmpty}
            onPayment={openPayment}
            onCartChange={() => barcodeRef.current?.focus()}
            onPriceCheck={() => setModal('price-check')}
            printerTest={printerTest}
          />
        </Grid.Col>
      </Grid>

      <ApprovalDialogs />
      <WeightDialog onExited={focusBarcode} />
      <LazyPaymentModal
        cartHasItems={!isEmpty}
        opened={modal === 'payment'}
        total={exchange ? exchange.due : totals.total}
        creditBalance={cartCredit(cart)}
        account={cartAccount(cart)}
        exchange={exchange && cart.exchange && { ...exchange, ...cart.exchange }}
        onCompleteExchange={(settlement) =>
          void payExchange(cart.id, settlement, () => setModal(null)).then((result) => {
            if (result === 'rejected') setModal(null);
          })
        }
        isPaying={isPaying}
        onClose={() => setModal(null)}
        onExited={focusBarcode}
        onComplete={(payment) =>
          void pay(cart.id, payment, () => setModal(null)).then((result) => {
            if (result === 'rejected') setModal(null);
          })
        }
      />
      <MountOnFirstOpen opened={modal === 'help'} onFailed={() => setModal(null)}>
        <ShortcutsModal opened={modal === 'help'} onClose={() => setModal(null)} onExited={focusBarcode} />
      </MountOnFirstOpen>
      <MountOnFirstOpen opened={modal === 'price-check'} onFailed={() => setModal(null)}>
        <PriceCheckModal
          opened={modal === 'price-check'}
          isChecking={isCheckingPrice}
          onClose={() => setModal(null)}
          onExited={focusBarcode}
          onCheck={(code) => void checkPrice(code, () => setModal(null))}
        />
      </MountOnFirstOpen>
      <MountOnFirstOpen opened={priceResult !== null} onFailed={() => setPriceResult(null)}>
        <PriceCheckResultModal
          product={priceResult}
          onClose={() => setPriceResult(null)}
          onExited={focusBarcode}
          onAdd={(product) => {
            addToCart(product);
            setPriceResult(null);
          }}
        />
      </MountOnFirstOpen>
    </Stack>
  );
}
