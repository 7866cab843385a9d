// A credit receiver in synthesizable SystemVerilog, with timing.md section 1's timing: a
// buffer of DEPTH beats; in a cycle where `drain_en` is high and the buffer held a beat
// at the start of the cycle, it pops that beat (out_valid/out_data) and returns one
// credit (credit_out) in the same cycle. A beat offered on in_valid/in_data is stored at
// the rising edge that closes its cycle, so it is never popped in the cycle it arrives.
// `count` is the occupancy, for conservation checks.
module credit_receiver #(
    parameter int DEPTH = 4,
    parameter int WIDTH = 64
) (
    input  logic             clk,
    input  logic             rst_n,      // asynchronous, active low
    input  logic             in_valid,
    input  logic [WIDTH-1:0] in_data,
    input  logic             drain_en,   // the consumer may pop this cycle
    output logic             credit_out,
    output logic             out_valid,
    output logic [WIDTH-1:0] out_data,
    output logic [31:0]      count,
    output logic             overflow    // sticky: a beat arrived with every slot full
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

  logic [WIDTH-1:0] mem[DEPTH];
  logic [AW-1:0] rd_ptr, wr_ptr;
  logic pop;

  assign pop = (count != 0) && drain_en;
  assign credit_out = pop;
  assign out_valid = pop;
  assign out_data = mem[rd_ptr];

  function automatic logic [AW-1:0] next(input logic [AW-1:0] p);
    return (p == AW'(DEPTH - 1)) ? '0 : p + 1'b1;
  endfunction

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      rd_ptr <= '0;
      wr_ptr <= '0;
      count <= '0;
      overflow <= 1'b0;
    end else begin
      if (in_valid) begin
        if (count == DEPTH && !pop) overflow <= 1'b1;
        mem[wr_ptr] <= in_data;
        wr_ptr <= next(wr_ptr);
      end
      if (pop) rd_ptr <= next(rd_ptr);
      count <= count + {31'b0, in_valid} - {31'b0, pop};
    end
  end
endmodule
