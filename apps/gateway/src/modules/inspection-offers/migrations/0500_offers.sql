-- Offers of an inspection order to the experts who fit it (decision 032): open until an expert
-- accepts, the deadline passes or staff remove it. At most one open offer per order.
CREATE TABLE inspection_offers (
  id bigserial PRIMARY KEY,
  inspection_pk bigint NOT NULL REFERENCES inspections(pk),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'expired', 'removed')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  deadline timestamptz NOT NULL,
  sent_by text NOT NULL,
  accepted_expert_id bigint REFERENCES experts(pk),
  closed_at timestamptz,
  CHECK (deadline > sent_at),
  CHECK ((state = 'open') = (closed_at IS NULL)),
  CHECK ((state = 'accepted') = (accepted_expert_id IS NOT NULL))
);
CREATE UNIQUE INDEX inspection_offers_one_open ON inspection_offers (inspection_pk) WHERE state = 'open';
CREATE INDEX inspection_offers_sent ON inspection_offers (sent_at DESC, id DESC);
CREATE INDEX inspection_offers_deadline ON inspection_offers (deadline) WHERE state = 'open';

-- Who an offer went to and what each of them did with it.
CREATE TABLE inspection_offer_recipients (
  offer_id bigint NOT NULL REFERENCES inspection_offers(id),
  expert_id bigint NOT NULL REFERENCES experts(pk),
  seen_at timestamptz,
  declined_at timestamptz,
  PRIMARY KEY (offer_id, expert_id)
);
