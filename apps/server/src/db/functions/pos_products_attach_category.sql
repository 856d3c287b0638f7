-- Trigger (products, after a live row gets a category: an insert, or an update of category_id): the
-- category is shown in the row's branch (category_branches). A listing's category is its item's, which
-- may have been chosen in another branch (pos_products_edit_variant, PATCH /items/{id}).
CREATE OR REPLACE FUNCTION public.pos_products_attach_category()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO category_branches (company_id, category_id, branch_id)
    VALUES (NEW.company_id, NEW.category_id, NEW.branch_id)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;
