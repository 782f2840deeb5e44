/**
 * The storage yard's forms, one modal each: booking a vehicle in (from a job or by hand), moving
 * it to another bay, a visit to get property back, the holds, the payment of the charges and the
 * release to a collector (their identity document, authority, the police's 100-point check where
 * it applies, and their signature).
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  COLLECTOR_AUTHORITIES,
  COLLECTOR_AUTHORITY_LABELS,
  ID_DOCUMENT_LABELS,
  ID_DOCUMENT_TYPES,
  POLICE_ID_POINTS,
  RECORDABLE_PAYMENT_METHODS,
  documentRef,
  formatCents,
  mayPassLoading,
  paymentMethodLabel,
  policePointsApply,
  storageCharge,
  yardReleaseRefusal,
  type CollectorAuthority,
  type IdDocumentType,
  type YardVehicle,
} from '@pilbara/shared-schema';
import { SignatureDialog } from '../../components/field-record/signature-dialog';
import {
  accessVisit,
  bookIn,
  moveVehicle,
  recordPayment,
  releaseVehicle,
  setHolds,
  type Problem,
} from './compliance-actions';
import { useBookableJobs } from './compliance-data';
import { YARD_TEXT } from './compliance-text';
import classes from './compliance.module.css';

function FormModal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={phone}>
      <Stack gap="sm">{children}</Stack>
    </Modal>
  );
}

function Actions({
  onClose,
  onSave,
  label,
  problem,
}: {
  onClose: () => void;
  onSave: () => Promise<void>;
  label: string;
  problem: Problem;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <>
      {aboutTheVehicle(problem) && (
        <Text size="sm" c="red" role="alert">
          {problem.message}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {YARD_TEXT.cancel}
        </Button>
        <Button
          loading={saving}
          onClick={async () => {
            setSaving(true);
            await onSave();
            setSaving(false);
          }}
        >
          {label}
        </Button>
      </Group>
    </>
  );
}

const err = (problem: Problem, field: string) => problem?.fields[field];

/**
 * A refusal about the vehicle itself (`id`: unpaid, or paid or released on another device
 * meanwhile) has no field of the form to sit under, so it is said above the buttons like one
 * naming no field.
 */
const aboutTheVehicle = (problem: Problem): problem is NonNullable<Problem> =>
  problem !== null && Object.keys(problem.fields).every((name) => name === 'id');

export function BookInDialog({ byName, onClose }: { byName: string; onClose: () => void }) {
  const jobs = useBookableJobs();
  const [jobId, setJobId] = useState('');
  const [values, setValues] = useState({
    bay: '',
    registration: '',
    make: '',
    model: '',
    colour: '',
    ownerName: '',
    ownerPhone: '',
    ownerEmail: '',
    holdNote: '',
    property: '',
  });
  const [policeHold, setPoliceHold] = useState(false);
  const [insurerHold, setInsurerHold] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const chosen = jobs?.find((entry) => entry.job.id === jobId);
  const choose = (id: string) => {
    setJobId(id);
    const entry = jobs?.find((candidate) => candidate.job.id === id);
    if (!entry) return;
    const { job, tow } = entry;
    setValues((current) => ({
      ...current,
      registration: tow?.vehicleRegistration ?? current.registration,
      make: tow?.vehicleMake ?? current.make,
      model: tow?.vehicleModel ?? current.model,
      colour: tow?.vehicleColour ?? current.colour,
      ownerName: job.customerName,
      ownerPhone: job.phone,
      ownerEmail: job.email ?? '',
      property: tow
        ? tow.propertyItems.map((item) => `${item.quantity} x ${item.description}`).join(', ')
        : current.property,
    }));
  };
  const field = (name: keyof typeof values, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      error={err(problem, name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
      {...extra}
    />
  );
  const options = useMemo(
    () => [
      { value: '', label: YARD_TEXT.byHand },
      ...(jobs ?? []).map(({ job, tow }) => ({
        value: job.id,
        label: `${documentRef(job)} · ${job.customerName}${tow ? ' · crash tow' : ''}`,
      })),
    ],
    [jobs],
  );
  const notLoaded = chosen?.tow && !mayPassLoading(chosen.tow);
  return (
    <FormModal title={YARD_TEXT.bookIn} onClose={onClose}>
      <NativeSelect
        label={YARD_TEXT.fromJob}
        data={options}
        value={jobId}
        onChange={(event) => choose(event.currentTarget.value)}
        error={err(problem, 'jobId')}
        data-testid="book-in-job"
      />
      {notLoaded && (
        <Alert color="yellow" variant="light">
          {YARD_TEXT.notLoaded}
        </Alert>
      )}
      {field('bay', YARD_TEXT.bay, { withAsterisk: true })}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {field('registration', YARD_TEXT.registration)}
        {field('make', YARD_TEXT.make)}
        {field('model', YARD_TEXT.model)}
        {field('colour', YARD_TEXT.colour)}
      </SimpleGrid>
      {field('ownerName', YARD_TEXT.owner)}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {field('ownerPhone', YARD_TEXT.phone, { type: 'tel' })}
        {field('ownerEmail', YARD_TEXT.email, { type: 'email' })}
      </SimpleGrid>
      <Group gap="md">
        <Checkbox
          classNames={{ label: classes.tapLabel }}
          label={YARD_TEXT.policeHold}
          checked={policeHold}
          onChange={(event) => setPoliceHold(event.currentTarget.checked)}
        />
        <Checkbox
          classNames={{ label: classes.tapLabel }}
          label={YARD_TEXT.insurerHold}
          checked={insurerHold}
          onChange={(event) => setInsurerHold(event.currentTarget.checked)}
        />
      </Group>
      {(policeHold || insurerHold) && field('holdNote', YARD_TEXT.holdNote)}
      <Textarea
        label={YARD_TEXT.property}
        autosize
        minRows={2}
        value={values.property}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setValues((current) => ({ ...current, property: value }));
        }}
      />
      <Actions
        onClose={onClose}
        label={YARD_TEXT.bookIn}
        problem={problem}
        onSave={async () => {
          const result = await bookIn(byName, {
            ...values,
            jobId: jobId || null,
            policeHold,
            insurerHold,
          });
          setProblem(result);
          if (!result) onClose();
        }}
      />
    </FormModal>
  );
}

export function MoveDialog({
  vehicle,
  byName,
  onClose,
}: {
  vehicle: YardVehicle;
  byName: string;
  onClose: () => void;
}) {
  const [toBay, setToBay] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  return (
    <FormModal title={YARD_TEXT.moveTitle(vehicle.bay)} onClose={onClose}>
      <TextInput
        label={YARD_TEXT.toBay}
        value={toBay}
        onChange={(event) => setToBay(event.currentTarget.value)}
        error={err(problem, 'toBay')}
        withAsterisk
      />
      <TextInput
        label={YARD_TEXT.reason}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={err(problem, 'reason')}
        withAsterisk
      />
      <Actions
        onClose={onClose}
        label={YARD_TEXT.move}
        problem={problem}
        onSave={async () => {
          const result = await moveVehicle(byName, { id: vehicle.id, toBay, reason });
          setProblem(result);
          if (!result) onClose();
        }}
      />
    </FormModal>
  );
}

export function AccessDialog({
  vehicle,
  byName,
  onClose,
}: {
  vehicle: YardVehicle;
  byName: string;
  onClose: () => void;
}) {
  const [visitorName, setVisitorName] = useState(vehicle.ownerName ?? '');
  const [visitorDocument, setVisitorDocument] = useState('');
  const [reason, setReason] = useState('');
  const [itemsTaken, setItemsTaken] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  return (
    <FormModal title={YARD_TEXT.accessTitle} onClose={onClose}>
      <TextInput
        label={YARD_TEXT.visitor}
        value={visitorName}
        onChange={(event) => setVisitorName(event.currentTarget.value)}
        error={err(problem, 'visitorName')}
        withAsterisk
      />
      <TextInput
        label={YARD_TEXT.visitorDocument}
        value={visitorDocument}
        onChange={(event) => setVisitorDocument(event.currentTarget.value)}
        error={err(problem, 'visitorDocument')}
        withAsterisk
      />
      <TextInput
        label={YARD_TEXT.visitReason}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <Textarea
        label={YARD_TEXT.itemsTaken}
        autosize
        minRows={2}
        value={itemsTaken}
        onChange={(event) => setItemsTaken(event.currentTarget.value)}
      />
      <Actions
        onClose={onClose}
        label={YARD_TEXT.recordVisit}
        problem={problem}
        onSave={async () => {
          const result = await accessVisit(byName, {
            id: vehicle.id,
            visitorName,
            visitorDocument,
            reason,
            itemsTaken,
          });
          setProblem(result);
          if (!result) onClose();
        }}
      />
    </FormModal>
  );
}

export function HoldsDialog({
  vehicle,
  byName,
  onClose,
}: {
  vehicle: YardVehicle;
  byName: string;
  onClose: () => void;
}) {
  const [policeHold, setPoliceHold] = useState(vehicle.policeHold);
  const [insurerHold, setInsurerHold] = useState(vehicle.insurerHold);
  const [holdNote, setHoldNote] = useState(vehicle.holdNote ?? '');
  const [problem, setProblem] = useState<Problem>(null);
  return (
    <FormModal title={YARD_TEXT.holds} onClose={onClose}>
      <Checkbox
        classNames={{ label: classes.tapLabel }}
        label={YARD_TEXT.policeHold}
        checked={policeHold}
        onChange={(event) => setPoliceHold(event.currentTarget.checked)}
      />
      <Checkbox
        classNames={{ label: classes.tapLabel }}
        label={YARD_TEXT.insurerHold}
        checked={insurerHold}
        onChange={(event) => setInsurerHold(event.currentTarget.checked)}
      />
      <TextInput
        label={YARD_TEXT.holdNote}
        value={holdNote}
        onChange={(event) => setHoldNote(event.currentTarget.value)}
      />
      <Actions
        onClose={onClose}
        label={YARD_TEXT.save}
        problem={problem}
        onSave={async () => {
          const result = await setHolds(byName, {
            id: vehicle.id,
            policeHold,
            insurerHold,
            holdNote,
          });
          setProblem(result);
          if (!result) onClose();
        }}
      />
    </FormModal>
  );
}

export function PaymentDialog({
  vehicle,
  byName,
  onClose,
}: {
  vehicle: YardVehicle;
  byName: string;
  onClose: () => void;
}) {
  // What is owed as the dialog opens (the payment is recorded at the time it is saved).
  const [now] = useState(() => new Date().toISOString());
  const [method, setMethod] = useState<(typeof RECORDABLE_PAYMENT_METHODS)[number]>('card-on-site');
  const [reference, setReference] = useState('');
  const [towing, setTowing] = useState<number | string>(0);
  const [problem, setProblem] = useState<Problem>(null);
  const storage = storageCharge(vehicle.timeIn, now, vehicle.dailyFeeCents);
  const towingCents = Math.round(Number(towing || 0) * 100);
  return (
    <FormModal title={YARD_TEXT.paymentTitle} onClose={onClose}>
      <Text size="sm" data-testid="storage-accrued">
        {YARD_TEXT.storageLine(
          storage.days,
          formatCents(vehicle.dailyFeeCents),
          formatCents(storage.cents),
        )}
      </Text>
      <NumberInput
        label={YARD_TEXT.towingCharges}
        description={YARD_TEXT.towingHint}
        value={towing}
        onChange={setTowing}
        min={0}
        decimalScale={2}
        prefix="$"
      />
      <NativeSelect
        label={YARD_TEXT.method}
        value={method}
        data={RECORDABLE_PAYMENT_METHODS.map((value) => ({
          value,
          label: paymentMethodLabel(value),
        }))}
        onChange={(event) =>
          setMethod(event.currentTarget.value as (typeof RECORDABLE_PAYMENT_METHODS)[number])
        }
      />
      <TextInput
        label={YARD_TEXT.reference}
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
      />
      <Text fw={700}>{YARD_TEXT.total(formatCents(storage.cents + towingCents))}</Text>
      <Text size="xs" c="dimmed">
        {YARD_TEXT.paymentHint}
      </Text>
      <Actions
        onClose={onClose}
        label={YARD_TEXT.recordPayment}
        problem={problem}
        onSave={async () => {
          const result = await recordPayment(byName, {
            id: vehicle.id,
            method,
            reference,
            towingCents,
          });
          setProblem(result);
          if (!result) onClose();
        }}
      />
    </FormModal>
  );
}

export function ReleaseDialog({
  vehicle,
  byName,
  onClose,
}: {
  vehicle: YardVehicle;
  byName: string;
  onClose: () => void;
}) {
  const [collectorName, setCollectorName] = useState(vehicle.ownerName ?? '');
  const [documentType, setDocumentType] = useState<IdDocumentType>('drivers_licence');
  const [documentNumber, setDocumentNumber] = useState('');
  const [authority, setAuthority] = useState<CollectorAuthority>('owner');
  const [authorityDetail, setAuthorityDetail] = useState('');
  const [points, setPoints] = useState<number | string>('');
  const [signing, setSigning] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const pointsApply = policePointsApply(vehicle, { authority });
  const fields = () => ({
    id: vehicle.id,
    collectorName,
    documentType,
    documentNumber,
    authority,
    authorityDetail,
    identityPoints: points === '' ? null : Number(points),
  });
  return (
    <FormModal title={YARD_TEXT.releaseTitle} onClose={onClose}>
      <TextInput
        label={YARD_TEXT.collector}
        value={collectorName}
        onChange={(event) => setCollectorName(event.currentTarget.value)}
        error={err(problem, 'collectorName')}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={YARD_TEXT.documentType}
          value={documentType}
          data={ID_DOCUMENT_TYPES.map((value) => ({ value, label: ID_DOCUMENT_LABELS[value] }))}
          onChange={(event) => setDocumentType(event.currentTarget.value as IdDocumentType)}
        />
        <TextInput
          label={YARD_TEXT.documentNumber}
          value={documentNumber}
          onChange={(event) => setDocumentNumber(event.currentTarget.value)}
          error={err(problem, 'documentNumber')}
          withAsterisk
        />
      </SimpleGrid>
      <NativeSelect
        label={YARD_TEXT.authority}
        value={authority}
        data={COLLECTOR_AUTHORITIES.map((value) => ({
          value,
          label: COLLECTOR_AUTHORITY_LABELS[value],
        }))}
        onChange={(event) => setAuthority(event.currentTarget.value as CollectorAuthority)}
        error={err(problem, 'authority')}
      />
      {authority !== 'owner' && (
        <TextInput
          label={YARD_TEXT.authorityDetail}
          value={authorityDetail}
          onChange={(event) => setAuthorityDetail(event.currentTarget.value)}
        />
      )}
      {pointsApply && (
        <NumberInput
          label={YARD_TEXT.points(POLICE_ID_POINTS)}
          value={points}
          onChange={setPoints}
          min={0}
          max={500}
          error={err(problem, 'identityPoints')}
          withAsterisk
        />
      )}
      {aboutTheVehicle(problem) && (
        <Text size="sm" c="red" role="alert">
          {problem.message}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {YARD_TEXT.cancel}
        </Button>
        <Button
          onClick={() => {
            if (!collectorName.trim() || !documentNumber.trim()) {
              setProblem({
                message: YARD_TEXT.identityFirst,
                fields: {
                  ...(collectorName.trim() ? {} : { collectorName: YARD_TEXT.identityFirst }),
                  ...(documentNumber.trim() ? {} : { documentNumber: YARD_TEXT.identityFirst }),
                },
              });
              return;
            }
            // The collector is not asked to sign for a release the rules refuse (unpaid, a hold
            // they are not the holder of, too few identity points): the same rule the server runs.
            const refused = yardReleaseRefusal(vehicle, fields());
            if (refused) {
              setProblem({
                message: refused.message,
                fields: { [refused.field]: refused.message },
              });
              return;
            }
            setProblem(null);
            setSigning(true);
          }}
        >
          {YARD_TEXT.collectorSigns}
        </Button>
      </Group>
      {signing && (
        <SignatureDialog
          jobId=""
          document="vehicle_release"
          opened
          title={YARD_TEXT.collectorSigns}
          onClose={() => setSigning(false)}
          onSave={async (pad) => {
            const result = await releaseVehicle(
              byName,
              { ...fields(), collectorName: pad.signerName || collectorName },
              pad,
            );
            setProblem(result);
            if (!result) onClose();
            return result === null;
          }}
        />
      )}
    </FormModal>
  );
}
