// A mutant of rtl/credit_receiver.sv: its credit goes out one cycle after the pop, through
// a register, as a receiver that registers its outputs would send it. timing.md section 1 has
// the credit leave in the cycle of the pop, so the comparer must catch it at the first pop.
module credit_receiver_late_credit #(
    parameter int DEPTH = 4
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        in_valid,
    input  logic [63:0] in_data,
    input  logic        drain_en,
    output logic        credit_out,
    output logic        out_valid,
    output logic [63:0] out_data,
    output logic [31:0] count,
    output logic        overflow
);
  logic credit_now;
  credit_receiver #(.DEPTH(DEPTH)) rx (.clk, .rst_n, .in_valid, .in_data, .drain_en, .credit_out(credit_now),
                                       .out_valid, .out_data, .count, .overflow);
  always_ff @(posedge clk or negedge rst_n)
    if (!rst_n) credit_out <= 1'b0;
    else credit_out <= credit_now;
endmodule
