import type { FastifyPluginAsync } from 'fastify';
import { tehranDateKey } from '@panel/contracts/common';
import {
  CatalogueIdInputSchema,
  DeletePricingRateInputSchema,
  PackageConfigInputSchema,
  PackageInputSchema,
  PackageListFilterSchema,
  PackageOptionsInputSchema,
  PricingRateInputSchema,
  PricingRateListFilterSchema,
  QuoteInputSchema,
  QuotesOfInputSchema,
  UpdatePackageInputSchema,
  UpdatePricingRateInputSchema,
  UpdateVehicleKindInputSchema,
  VehicleKindInputSchema,
  VehicleKindListFilterSchema,
  WhatIfInputSchema,
  INSPECTION_CATALOGUE_ACCESS,
} from '@panel/contracts/inspection-catalogue';
import type { GatewayDeps } from '../../deps';
import { routeAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { actionLog, actorOf } from '../../workflow';
import { PACKAGE_ENTITY, catalogueService, getPackage, listPackages, listVehicleKinds, packageOptions } from './catalogue.service';
import { quote, quotesOf } from './quote.service';
import { RATE_ENTITY, getRate, listRates, ratesService, whatIf } from './rates.service';

/**
 * The inspection catalogue (issue 29, decisions 099, 100): staff read packages, vehicle kinds,
 * rates and quotes; a supervisor changes them (a package's price or a rate moves every new
 * order's price).
 */
export const inspectionCatalogueRoutes: FastifyPluginAsync<GatewayDeps> = async (app, { db, tokens }) => {
  const can = routeAccess(tokens).guards(INSPECTION_CATALOGUE_ACCESS);
  const idOf = (request: { params: unknown }) => parseInput(CatalogueIdInputSchema, request.params).id;
  const withId = (request: { params: unknown; body: unknown }) => ({ ...(request.body as object | undefined), id: idOf(request) });
  const catalogue = catalogueService(db);
  const rates = ratesService(db);

  app.get('/api/inspection/packages/', can.read, async (request) => listPackages(db, parseInput(PackageListFilterSchema, request.query)));
  app.get('/api/inspection/packages/options/', can.read, async (request) => ({ results: await packageOptions(db, parseInput(PackageOptionsInputSchema, request.query).city) }));
  app.get('/api/inspection/packages/:id/', can.read, async (request) => getPackage(db, idOf(request)));
  app.get('/api/inspection/packages/:id/history/', can.read, async (request) => ({ results: await actionLog(db, PACKAGE_ENTITY, idOf(request)) }));
  app.post('/api/inspection/packages/', can.change, async (request, reply) =>
    reply.status(201).send({ data: await catalogue.createPackage(actorOf(request), parseInput(PackageInputSchema, request.body ?? {})) }),
  );
  app.put('/api/inspection/packages/:id/', can.change, async (request) => ({ data: await catalogue.updatePackage(actorOf(request), parseInput(UpdatePackageInputSchema, withId(request))) }));
  app.patch('/api/inspection/packages/:id/config/', can.change, async (request) => ({
    data: await catalogue.configurePackage(actorOf(request), parseInput(PackageConfigInputSchema, withId(request))),
  }));

  app.get('/api/inspection/vehicle-kinds/', can.read, async (request) => listVehicleKinds(db, parseInput(VehicleKindListFilterSchema, request.query)));
  app.post('/api/inspection/vehicle-kinds/', can.change, async (request, reply) =>
    reply.status(201).send({ data: await catalogue.createVehicleKind(actorOf(request), parseInput(VehicleKindInputSchema, request.body ?? {})) }),
  );
  app.put('/api/inspection/vehicle-kinds/:id/', can.change, async (request) => ({
    data: await catalogue.updateVehicleKind(actorOf(request), parseInput(UpdateVehicleKindInputSchema, withId(request))),
  }));

  app.get('/api/inspection/pricing-rates/', can.read, async (request) => listRates(db, parseInput(PricingRateListFilterSchema, request.query)));
  app.get('/api/inspection/pricing-rates/:id/', can.read, async (request) => getRate(db, idOf(request)));
  app.get('/api/inspection/pricing-rates/:id/history/', can.read, async (request) => ({ results: await actionLog(db, RATE_ENTITY, idOf(request)) }));
  app.post('/api/inspection/pricing-rates/what-if/', can.read, async (request) => {
    const { replacing, ...draft } = parseInput(WhatIfInputSchema, request.body ?? {});
    return { data: await whatIf(db, draft, replacing ?? null) };
  });
  app.post('/api/inspection/pricing-rates/', can.change, async (request, reply) =>
    reply.status(201).send({ data: await rates.create(actorOf(request), parseInput(PricingRateInputSchema, request.body ?? {})) }),
  );
  app.put('/api/inspection/pricing-rates/:id/', can.change, async (request) => ({ data: await rates.update(actorOf(request), parseInput(UpdatePricingRateInputSchema, withId(request))) }));
  app.delete('/api/inspection/pricing-rates/:id/', can.change, async (request) => ({
    data: await rates.remove(actorOf(request), parseInput(DeletePricingRateInputSchema, { ...(request.query as object), id: idOf(request) })),
  }));

  // A price before it is asked for (an order form's preview), and the quotes locked for an order or a reserve.
  app.post('/api/inspection/quote/', can.read, async (request) => {
    const input = parseInput(QuoteInputSchema, request.body ?? {});
    return { data: await quote(db, { package: input.package, cityId: input.city_id, day: input.day ?? tehranDateKey(new Date()), conditions: input.conditions }) };
  });
  app.get('/api/inspection/quotes/', can.read, async (request) => {
    const { entity, entity_id } = parseInput(QuotesOfInputSchema, request.query);
    return { results: await quotesOf(db, entity, entity_id) };
  });
};
