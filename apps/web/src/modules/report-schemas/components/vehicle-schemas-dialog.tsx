import { useEffect, useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { toPersianDigits, VEHICLE_TYPE_LABELS, type VehicleType } from '@panel/contracts/common';
import { NativeSelectField, PanelDialog, notify } from '@panel/ui';
import { trpc } from '../../../lib/trpc';

/**
 * §7 "update multiple vehicle schemas": the active schema of every vehicle type, changed together
 * in one transaction (each schema that gains or loses a type is logged).
 */
export function VehicleSchemasDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useQuery({ ...trpc.reportSchemas.vehicleSchemas.queryOptions(), enabled: open });
  const schemas = useQuery({ ...trpc.reportSchemas.list.queryOptions({ search: undefined, active: null, vehicleType: undefined, sort: 'name', isAscending: true, page: 1, pageSize: 100 }), enabled: open });
  const [chosen, setChosen] = useState<Partial<Record<VehicleType, string>>>({});
  useEffect(() => {
    if (current.data) setChosen(Object.fromEntries(current.data.map((v) => [v.vehicle_type, v.schema_id === null ? '' : String(v.schema_id)])));
  }, [current.data]);
  const save = useMutation(trpc.reportSchemas.setVehicleSchemas.mutationOptions({ onSuccess: (o) => { notify(o.message, 'success'); onClose(); } }));
  const submit = () =>
    save.mutate({ assignments: (current.data ?? []).map((v) => ({ vehicle_type: v.vehicle_type, schema_id: chosen[v.vehicle_type] ? Number(chosen[v.vehicle_type]) : null })) });
  return (
    <PanelDialog
      open={open}
      onClose={onClose}
      title="اسکیمای فعال انواع خودرو"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            انصراف
          </Button>
          <Button colorPalette="green" onClick={submit} loading={save.isPending} disabled={!current.data}>
            ذخیره همه
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text textStyle="sm" color="fg.muted">
          هر نوع خودرو یک اسکیمای فعال دارد؛ فقط اسکیماهایی که آن نوع را دارند فهرست می‌شوند.
        </Text>
        {(current.data ?? []).map((v) => (
          <NativeSelectField
            key={v.vehicle_type}
            label={VEHICLE_TYPE_LABELS[v.vehicle_type]}
            value={chosen[v.vehicle_type] ?? ''}
            placeholder="بدون اسکیمای فعال"
            options={(schemas.data?.results ?? []).filter((s) => s.vehicle_types.includes(v.vehicle_type)).map((s) => ({ value: String(s.id), label: `${s.name} (نسخه ${toPersianDigits(s.version)})` }))}
            onChange={(value) => setChosen((c) => ({ ...c, [v.vehicle_type]: value }))}
          />
        ))}
      </Stack>
    </PanelDialog>
  );
}
