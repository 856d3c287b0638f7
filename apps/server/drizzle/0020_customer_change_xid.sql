-- The customer sync's cursor (docs/ARCHITECTURE.md, 'Registers and offline sales'): every insert and
-- update of a customer stamps it with its transaction id, as 0018 does for products.
CREATE TRIGGER customers_change_xid BEFORE INSERT OR UPDATE ON customers
  FOR EACH ROW EXECUTE FUNCTION pos_products_change_xid();
