import { deleteCard, listCards, upsertCard } from '../db/cards-repo';
import { addOffer, deleteOffer, listOffers, updateOffer } from '../db/offers-repo';
import { listModels, upsertModel } from '../db/models-repo';
import { getSettings, setSettings } from '../db/settings-repo';
import { NotFoundError } from '../db/store-error';
import { defaultDbPath } from '../db/paths';
import { fetchHfModel, hubCacheDirBeside, hubConfigFromEnv } from '../hub/hf-hub';
import type { HandlerMap } from '../ipc/register';
import type { HandlerDeps } from './deps';

/** The price book: cards, offers, model presets and settings. */
export const catalogHandlers = {
  'cards:list': (_input, { db }) => ({ cards: listCards(db) }),
  'cards:save': (card, { db }) => upsertCard(db, card),
  'cards:delete': ({ id }, { db }) => {
    if (!deleteCard(db, id)) throw new NotFoundError('card', id);
    return { id };
  },
  'offers:list': (input, { db }) => ({ offers: listOffers(db, { cardId: input?.cardId }) }),
  'offers:add': (offer, { db }) => addOffer(db, offer),
  'offers:update': ({ id, patch }, { db }) => updateOffer(db, id, patch),
  'offers:delete': ({ id }, { db }) => {
    if (!deleteOffer(db, id)) throw new NotFoundError('offer', id);
    return { id };
  },
  'models:list': (_input, { db }) => ({ models: listModels(db) }),
  'models:save': (preset, { db }) => upsertModel(db, preset),
  'models:fetchHf': (request, { hub }) =>
    fetchHfModel(request, hub ?? hubConfigFromEnv(process.env, hubCacheDirBeside(defaultDbPath()))),
  'settings:get': (_input, { db }) => getSettings(db),
  'settings:set': (patch, { db }) => setSettings(db, patch),
} satisfies Partial<HandlerMap<HandlerDeps>>;
